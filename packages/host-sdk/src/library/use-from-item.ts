// `/tools/<tool>?from=<item id>` (docs/product-rules.md#send-to): the receiving page loads the member's own library
// item (the server checks ownership: another member's id is a 404) and fills its input with it, as if the member had
// picked the file or typed the text. A stored image is fetched from its signed URL and handed over as a File, so the
// page's own upload checks and preview apply and the member uploads nothing again. A text longer than the tool takes
// is cut to its limit (FROM_TEXT_LIMITS) and the page says so. `&message=` (Send to under one chat answer) asks the
// server for that answer of the member's session instead of the whole session.
import { useEffect, useRef, useState } from 'react';
import {
  COLUMN_PARAM,
  FROM_PARAM,
  FROM_TEXT_LIMITS,
  LIBRARY_ENDPOINTS,
  LIBRARY_TEXTS,
  MESSAGE_PARAM,
  type LibraryItemDetail,
  type SendToAnswer,
} from '@act/contracts';
import { isApiError } from '../api-error';
import type { ToolHost } from '../tool-host';

/**
 * A result is indexed a moment after its tool stored it (the library follows events), so Send to pressed right after
 * a run may ask before the index has it: a 404 is asked again after these pauses before the page says it is missing.
 */
const INDEX_LAG_RETRIES_MS = [400, 800] as const;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

async function loadItem(host: ToolHost, from: FromRef, signal: AbortSignal): Promise<LibraryItemDetail> {
  const query = from.answer ? { message: from.answer.message, column: from.answer.column } : undefined;
  const load = async () =>
    (await host.api.call(LIBRARY_ENDPOINTS.item, { params: { id: from.id }, query, signal })).item;
  for (const wait of INDEX_LAG_RETRIES_MS) {
    try {
      return await load();
    } catch (error) {
      if (!isApiError(error) || error.status !== 404 || signal.aborted) throw error;
      await pause(wait, signal);
    }
  }
  return load();
}

export interface FromItemFill {
  item: LibraryItemDetail;
  /** The item's text, already cut to the tool's limit. */
  text?: string;
  /** The item's stored file (an image), named after its title. */
  file?: File;
  /** True when the text was longer than the tool takes. */
  trimmed: boolean;
}

export interface FromItemState {
  /** The item named by `?from=` is loading. */
  loading: boolean;
  /** What was filled in (and whether it was cut), for the page's note; null before and without `?from=`. */
  notice: string | null;
  /** The item is missing, another member's, or could not be read: the input stays empty. */
  error: string | null;
}

/** The id in `?from=`, or null. */
export function fromItemId(search: string = window.location.search): string | null {
  const id = new URLSearchParams(search).get(FROM_PARAM);
  return id && id.length <= 64 ? id : null;
}

/** What `?from=` names: an item, and perhaps one answer of it (`&message=`, `&column=`). */
interface FromRef {
  id: string;
  answer?: SendToAnswer;
}

function fromRef(search: string = window.location.search): FromRef | null {
  const id = fromItemId(search);
  if (!id) return null;
  const query = new URLSearchParams(search);
  const message = query.get(MESSAGE_PARAM);
  if (!message) return { id };
  const column = query.get(COLUMN_PARAM);
  return { id, answer: { message, ...(column ? { column } : {}) } };
}

/** Cuts `text` to `limit` characters; tells whether it did. */
export function trimToLimit(text: string, limit: number | undefined): { text: string; trimmed: boolean } {
  if (limit === undefined || text.length <= limit) return { text, trimmed: false };
  return { text: text.slice(0, limit), trimmed: true };
}

function fileName(item: LibraryItemDetail, contentType: string): string {
  const extension = contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
  const base = item.title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'library-item';
  return `${base}.${extension}`;
}

async function loadFill(host: ToolHost, from: FromRef, signal: AbortSignal): Promise<FromItemFill> {
  const item = await loadItem(host, from, signal);
  if (item.fileUrl) {
    const response = await fetch(item.fileUrl, { signal });
    if (!response.ok) throw new Error(LIBRARY_TEXTS.fromMissing);
    const blob = await response.blob();
    const type = item.contentType ?? (blob.type || 'application/octet-stream');
    return { item, file: new File([blob], fileName(item, type), { type }), trimmed: false };
  }
  if (item.text === undefined) throw new Error(LIBRARY_TEXTS.fromMissing);
  const cut = trimToLimit(item.text, FROM_TEXT_LIMITS[host.toolId]);
  return { item, text: cut.text, trimmed: cut.trimmed };
}

/**
 * Loads `?from=` once when the page opens and calls `onFill` with the item; `onFill` puts it into the page's input.
 * Without `?from=` nothing happens.
 */
export function useFromItem(host: ToolHost, onFill: (fill: FromItemFill) => void): FromItemState {
  const [from] = useState(() => fromRef());
  const [state, setState] = useState<FromItemState>({ loading: from !== null, notice: null, error: null });
  // The latest callback, so a page re-rendering with a new closure does not load the item again.
  const fill = useRef(onFill);
  fill.current = onFill;

  useEffect(() => {
    if (!from) return;
    const controller = new AbortController();
    loadFill(host, from, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        fill.current(result);
        const limit = FROM_TEXT_LIMITS[host.toolId];
        const notice =
          result.trimmed && limit !== undefined
            ? LIBRARY_TEXTS.fromTrimmed(limit)
            : LIBRARY_TEXTS.fromFilled(result.item.title);
        setState({ loading: false, notice, error: null });
      },
      () => {
        if (controller.signal.aborted) return;
        // Missing, another member's (404) or unreadable: one clear message, the input left empty.
        setState({ loading: false, notice: null, error: LIBRARY_TEXTS.fromMissing });
      },
    );
    return () => controller.abort();
  }, [host, from]);

  return state;
}

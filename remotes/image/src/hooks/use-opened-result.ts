// `/tools/<image tool>?open=<id>` (docs/product-rules.md#library-open): the library's way back to a stored picture.
// The page asks the image service for the member's own result once (another member's id, or one deleted, is a 404)
// and hands it to the page, which shows it as if just made; a failure is one message and nothing shown.
import { useEffect, useRef, useState } from 'react';
import { LIBRARY_TEXTS, OPEN_PARAM } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';

/** The result `?open=` names, or null. */
export function resultInAddress(search: string = window.location.search): string | null {
  const id = new URLSearchParams(search).get(OPEN_PARAM);
  return id && id.length <= 64 ? id : null;
}

/**
 * Loads the result `?open=` names with `load` and calls `onOpen` with it; `load` rejecting (or `onOpen` returning
 * false: not this page's result) leaves the page empty with LIBRARY_TEXTS.openMissing, returned as the error.
 */
export function useOpenedResult<Result>(
  host: Pick<ToolHost, 'user'>,
  load: (id: string, signal: AbortSignal) => Promise<Result>,
  onOpen: (result: Result) => boolean,
): string | null {
  const [id] = useState(resultInAddress);
  const [error, setError] = useState<string | null>(null);
  // The first callbacks: the result is opened once, when the page loads.
  const calls = useRef({ load, onOpen });
  const member = host.user !== null;

  useEffect(() => {
    if (!id || !member) return;
    const controller = new AbortController();
    calls.current.load(id, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted && !calls.current.onOpen(result)) setError(LIBRARY_TEXTS.openMissing);
      },
      () => {
        if (!controller.signal.aborted) setError(LIBRARY_TEXTS.openMissing);
      },
    );
    return () => controller.abort();
  }, [id, member]);

  return error;
}

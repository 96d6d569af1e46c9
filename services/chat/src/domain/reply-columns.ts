// The columns of a chat reply (docs/architecture.md#chat-replies): one per playground model, one for the other
// tools. Each is given the messages its model reads, streams its answer from the provider (or delivers the web chat's
// local answer), sends its text as events as it arrives, and ends done, stopped or failed. While they stream, their
// text is saved every CHAT_PERSIST_INTERVAL_MS (chat-replies.ts ProgressSaves).
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  LIMITS,
  PLAYGROUND_MODELS,
  REASONING_MODEL,
  UI_TEXTS,
  type ChatColumnStatus,
  type Citation,
} from '@act/contracts';
import { createCitationRenumberer, type CitationRenumberer, type Logger } from '@act/service-kit';
import type { ImageInput, PdfInput } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore } from '../db/chat-store';
import type { ChatProvider, ProviderContentPart, ProviderMessage } from '../providers/types';
import type { LocalAnswer } from '../web/grounding';
import type { Generation } from './generations';
import type { ReplyRequest } from './reply-request';

export interface ColumnOutcome {
  /** The playground model id (docs/product-rules.md#entities), or the reasoning model id. */
  column: string;
  rowId: string;
  content: string;
  reasoning: string;
  status: ChatColumnStatus;
  /** The spec's words for a failed column. */
  error?: string;
  /** Numbered sources ([n] is the n-th): web search results, or the page passages a web chat answer cited. */
  citations: Citation[];
  /** Made by the local extractive answerer (web chat without a provider key). */
  local: boolean;
  /** Deep Search: every page read for the report, in order (cited or not). */
  sourcesRead?: Citation[];
}

export interface ColumnState extends ColumnOutcome {
  /** Upstream model id. */
  model: string;
  messages: ProviderMessage[];
  /** Changed since its text was last saved. */
  dirty: boolean;
  webSearch: boolean;
  sources?: Citation[];
}

function newColumn(column: string, model: string, messages: ProviderMessage[]): ColumnState {
  return {
    column,
    model,
    messages,
    rowId: randomUUID(),
    content: '',
    reasoning: '',
    status: 'stopped',
    dirty: false,
    citations: [],
    local: false,
    webSearch: false,
  };
}

function userContent(prompt: string, image?: ImageInput, pdf?: PdfInput): ProviderMessage['content'] {
  if (!image && !pdf) return prompt;
  const parts: ProviderContentPart[] = [{ type: 'text', text: prompt }];
  // Re-labelled with the type their magic bytes proved, whatever the browser claimed.
  if (image) {
    parts.push({
      type: 'image_url',
      image_url: { url: `data:${image.mime};base64,${image.bytes.toString('base64')}` },
    });
  }
  if (pdf) {
    parts.push({
      type: 'file',
      file: {
        filename: 'attachment.pdf',
        file_data: `data:${pdf.mime};base64,${pdf.bytes.toString('base64')}`,
      },
    });
  }
  return parts;
}

/** The stored turns as the model reads them: role and text. */
function textOnly(rows: Array<{ role: 'user' | 'assistant'; content: string }>): ProviderMessage[] {
  return rows.map((row) => ({ role: row.role, content: row.content }));
}

/**
 * The reply's columns, each with the messages its model reads. The playground and reasoning models see the
 * session's stored history (the member's messages and their own answers), not the conversationHistories a browser
 * may send: the stored one is what the member sees, across devices and reloads. The agent and web chat come prepared.
 */
export async function columnsFor(
  request: ReplyRequest,
  { store, models }: { store: ChatStore; models: ChatModels },
): Promise<ColumnState[]> {
  const limit = LIMITS.chatHistoryMessages;
  switch (request.kind) {
    case 'playground': {
      const current: ProviderMessage = { role: 'user', content: request.prompt };
      const columns: ColumnState[] = [];
      const upTo = request.branch?.parentId ?? null;
      // A regenerate of one answer asks that model alone.
      for (const column of PLAYGROUND_MODELS.filter((model) => !request.column || model === request.column)) {
        const history = request.sessionId
          ? textOnly(await store.history(request.sessionId, { modelName: column, limit, upTo }))
          : [];
        columns.push(newColumn(column, models.playground[column], [...history, current]));
      }
      return columns;
    }
    case 'reasoning': {
      const current: ProviderMessage = {
        role: 'user',
        content: userContent(request.prompt, request.image, request.pdf),
      };
      const upTo = request.branch?.parentId ?? null;
      const history = request.sessionId
        ? textOnly(await store.history(request.sessionId, { limit, upTo }))
        : [];
      return [newColumn(REASONING_MODEL, models.reasoning, [...history, current])];
    }
    case 'agent': {
      const column = newColumn(request.modelId, request.model, request.messages);
      column.webSearch = request.webSearch;
      return [column];
    }
    case 'fuse':
      return [newColumn(request.column, request.model, request.messages)];
    case 'deep-search':
      // Its messages and sources come from the research, once the reply runs (deep-search/report.ts).
      return [newColumn(request.model, request.model, [])];
    case 'web': {
      const { answer } = request;
      if (answer.by === 'local') return [newColumn('local', 'local', [])];
      const column = newColumn(answer.model, answer.model, answer.messages);
      column.sources = answer.sources;
      return [column];
    }
  }
}

/** PostgreSQL text cannot hold U+0000: a provider that sends one must not make the reply unstorable. */
function storable(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** A column the reply's stop ended; the time limit (or a deploy cutting it) says so with the reply. */
function stopColumn(column: ColumnOutcome, signal: AbortSignal): void {
  column.status = 'stopped';
  if (signal.reason === 'timeout' || signal.reason === 'shutdown')
    column.error = UI_TEXTS.chat.stoppedAtTimeLimit;
}

export interface ColumnRun {
  /** The reply's stop (the member, the time limit, a deploy). */
  signal: AbortSignal;
  provider: ChatProvider | undefined;
  /** The web chat's local answer, delivered instead of a provider call. */
  local: LocalAnswer | undefined;
  generation: Pick<Generation<unknown>, 'emit'>;
  /** A playground turn: each event names its column, and each column's end is an event. */
  multi: boolean;
  /** The reply's logger, made when first asked for. */
  log(): Logger;
}

/** Streams one column to its end; never throws (a provider failure ends the column as failed). */
export async function runColumn(column: ColumnState, run: ColumnRun): Promise<void> {
  const { signal, provider, local, generation, multi } = run;
  const tag = multi ? { column: column.column } : {};
  // Handed over and let go: the history (attachments too) is not kept for the rest of the reply.
  const { messages } = column;
  column.messages = [];
  const showText = (raw: string) => {
    const text = storable(raw);
    if (text === '') return;
    column.content += text;
    column.dirty = true;
    generation.emit({ type: 'delta', text, ...tag });
  };
  const showSources = (citations: Citation[]) => {
    column.citations = citations;
    column.dirty = true;
    generation.emit({ type: 'sources', citations });
  };
  // Web chat: `[n]` markers renumbered by first use as they stream, each new source announced.
  const renumberer: CitationRenumberer<Citation> | undefined = column.sources
    ? createCitationRenumberer(column.sources, showSources)
    : undefined;
  try {
    if (local) {
      // The local extractive answer: made already, delivered as one piece.
      column.local = true;
      showSources(local.citations);
      showText(local.text);
    } else if (provider) {
      await provider.stream({
        model: column.model,
        messages,
        signal,
        webSearch: column.webSearch,
        onCitations: showSources,
        onText(text) {
          showText(renumberer ? renumberer.push(text) : text);
        },
        onReasoning(raw) {
          const text = storable(raw);
          if (text === '') return;
          column.reasoning += text;
          column.dirty = true;
          generation.emit({ type: 'reasoning', text, ...tag });
        },
      });
    }
    if (renumberer) showText(renumberer.end());
    if (signal.aborted) stopColumn(column, signal);
    else if (column.content.trim() === '') {
      column.status = 'failed';
      column.error = ERROR_TEXTS.chat.noAnswerReceived;
    } else column.status = 'done';
  } catch (error) {
    if (signal.aborted) stopColumn(column, signal);
    else {
      column.status = 'failed';
      column.error = ERROR_TEXTS.chat.sendMessageDot;
      run.log().warn({ err: error, model: column.model }, 'chat provider failed');
    }
  }
  if (multi) {
    generation.emit({
      type: 'column',
      column: column.column,
      status: column.status,
      ...(column.error ? { error: column.error } : {}),
    });
  }
}

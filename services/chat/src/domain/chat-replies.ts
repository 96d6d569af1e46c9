// Chat replies as charged, detached generations (docs/architecture.md#streaming-replies,
// docs/architecture.md#credits, docs/charges.md): - the cost is reserved before the provider is called (playground 5
// for all four columns together, reasoning 6,
//   chat agent 2 or 7 with web search, web chat 6 to start and 2 per follow-up);
// - the reply runs in the generation registry, not in the HTTP request: a client that goes away changes nothing;
// - its text is saved every CHAT_PERSIST_INTERVAL_MS while it streams, and once more when it ends;
// - how it ended decides the charge (contracts outcomeOfChatReply): a completed reply, or one stopped (by the member
//   or the time limit) after text arrived, is charged once, its final rows and the commit written in one transaction
//   through the outbox, retried while the database is unavailable; a reply shown as failed (the provider broke off
//   before or after text, every playground column failed) and a stop before any text are released.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  ErrorCode,
  CHARGED_WORK_MAX_MS,
  LIMITS,
  PLAYGROUND_MODELS,
  REASONING_MODEL,
  UI_TEXTS,
  outcomeOfChatReply,
  toolCost,
  type ChatColumnStatus,
  type ChatReplyStatus,
  type Citation,
  type ToolCostOptions,
  type ToolId,
} from '@act/contracts';
import {
  AppError,
  isAppError,
  reserveCharge,
  retryWhileDbUnavailable,
  type Charge,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ImageInput, PdfInput } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore, OpenReplyInput, ReplyRowState, StoredAttachment } from '../db/chat-store';
import { createCitationRenumberer, type CitationRenumberer } from '../web/citations';
import type { LocalAnswer } from '../web/grounding';
import type { ChatProvider, ProviderContentPart, ProviderMessage } from '../providers/types';
import type { Generation, GenerationRegistry } from './generations';

/** The four chat tools. */
export type ReplyKind = 'playground' | 'reasoning' | 'agent' | 'web';

const TOOL_OF: Record<ReplyKind, ToolId> = {
  playground: 'ai-chat-playground',
  reasoning: 'chat-reasoning',
  agent: 'chat-agent',
  web: 'ai-web-chat',
};

/** The spec's insufficient-credits text per tool (credits itself answers with the generic one). */
const INSUFFICIENT_TEXT: Record<ReplyKind, string> = {
  playground: ERROR_TEXTS.validation.insufficientCreditsPlayground,
  reasoning: ERROR_TEXTS.validation.insufficientCreditsReasoning,
  agent: ERROR_TEXTS.validation.insufficientCreditsChatAgentBase,
  web: ERROR_TEXTS.validation.insufficientCreditsWebChat,
};

/** What a member reads when the whole reply failed (docs/product-rules.md#errors, chat). */
const FAILED_TEXT: Record<ReplyKind, string> = {
  playground: ERROR_TEXTS.chat.sendMessage,
  reasoning: ERROR_TEXTS.chat.sendReasoningQuery,
  agent: ERROR_TEXTS.chat.sendMessage,
  web: ERROR_TEXTS.chat.sendMessage,
};

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
}

export interface ReplyOutcome {
  kind: ReplyKind;
  sessionId: string;
  replyId: string;
  status: ChatReplyStatus;
  columns: ColumnOutcome[];
  /** The balance after the reply (after the refund when it was released). */
  remainingCredits: number;
  /** Set when the whole reply failed and was refunded. */
  failure?: AppError;
}

export interface ReplyRequest {
  kind: ReplyKind;
  userId: string;
  sessionId?: string;
  prompt: string;
  image?: ImageInput;
  pdf?: PdfInput;
  /**
   * Chat agent and web chat: the one model's upstream id, the name stored with its answer, and every message it
   * reads (history and the current one, prepared by the caller, who has checked the session is the member's).
   */
  single?: {
    model: string;
    modelName: string;
    messages: ProviderMessage[];
    webSearch?: boolean;
    /** Web chat: the passages the model read, `[n]` pointing at sources[n-1]; renumbered by first use. */
    sources?: Citation[];
  };
  /** Web chat without a provider key: the answer is already made (no provider call), and costs the same. */
  local?: LocalAnswer;
  /** Options of the charge (web search, a follow-up), and the texts that go with them. */
  chargeOptions?: ToolCostOptions;
  insufficientText?: string;
  failedText?: string;
  /** What the stored session and member's message carry beyond the prompt. */
  stored?: Pick<OpenReplyInput, 'userContent' | 'title' | 'modelId' | 'page'>;
  /** Stores the member's attachments once the charge is reserved; `discard` removes them if the reply never opens. */
  attachments?: {
    save(): Promise<StoredAttachment[]>;
    discard(saved: StoredAttachment[]): Promise<void>;
  };
}

export interface ChatRepliesDeps {
  store: ChatStore;
  credits: CreditsClient;
  outbox: Outbox;
  /** Absent without a provider key: every reply is refused with a 503 before anything is reserved. */
  provider: ChatProvider | undefined;
  models: ChatModels;
  registry: GenerationRegistry;
  logger: Logger;
  replyMaxMs: number;
  persistIntervalMs: number;
}

export interface ChatReplies {
  /** Reserves, stores the member's message and starts the reply; resolves once it runs (its first event queued). */
  start(request: ReplyRequest): Promise<Generation<ReplyOutcome>>;
}

interface ColumnState extends ColumnOutcome {
  /** Upstream model id. */
  model: string;
  messages: ProviderMessage[];
  dirty: boolean;
  webSearch: boolean;
  sources?: Citation[];
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

function rowStatus(status: ChatColumnStatus): ReplyRowState['status'] {
  return status === 'done' ? 'completed' : status;
}

export function createChatReplies(deps: ChatRepliesDeps): ChatReplies {
  const { store, credits, outbox, models, registry, logger } = deps;

  async function reserve(request: ReplyRequest, replyId: string): Promise<Charge> {
    const { kind, userId, chargeOptions } = request;
    try {
      return await reserveCharge(credits, {
        tool: TOOL_OF[kind],
        userId,
        requestId: replyId,
        ...(chargeOptions ? { options: chargeOptions } : {}),
      });
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.INSUFFICIENT_CREDITS) {
        throw new AppError(
          ErrorCode.INSUFFICIENT_CREDITS,
          request.insufficientText ?? INSUFFICIENT_TEXT[kind],
          {
            details: error.details,
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  async function start(request: ReplyRequest): Promise<Generation<ReplyOutcome>> {
    const { provider } = deps;
    if (!provider && !request.local) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.chat.providerKeyMissing);
    }
    // A stopping replica finishes its replies but takes no new one; the gateway retries elsewhere.
    if (!registry.accepting)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
    const { kind, userId } = request;
    // A prepared request (agent, web) was checked by its caller, which read the session to prepare it.
    if (request.sessionId !== undefined && !request.single && !request.local) {
      await store.findSession(userId, kind, request.sessionId);
    }

    // Each model sees the session's stored history (the member's messages and its own answers), not the
    // conversationHistories a browser may send: the stored one is what the member sees, across devices and reloads.
    const columns: ColumnState[] = [];
    const historyLimit = LIMITS.chatHistoryMessages;
    const current: ProviderMessage = {
      role: 'user',
      content: userContent(request.prompt, request.image, request.pdf),
    };
    if (request.single || request.local) {
      const single = request.single;
      const column = newColumn(
        single?.modelName ?? 'local',
        single?.model ?? 'local',
        single?.messages ?? [],
      );
      column.webSearch = single?.webSearch ?? false;
      if (single?.sources) column.sources = single.sources;
      columns.push(column);
    } else if (kind === 'playground') {
      for (const column of PLAYGROUND_MODELS) {
        const history = request.sessionId
          ? textOnly(await store.history(request.sessionId, { modelName: column, limit: historyLimit }))
          : [];
        columns.push(newColumn(column, models.playground[column], [...history, current]));
      }
    } else {
      const history = request.sessionId
        ? textOnly(await store.history(request.sessionId, { limit: historyLimit }))
        : [];
      columns.push(newColumn(REASONING_MODEL, models.reasoning, [...history, current]));
    }

    const replyId = randomUUID();
    const charge = await reserve(request, replyId);
    let sessionId: string;
    let saved: StoredAttachment[] = [];
    try {
      if (request.attachments) saved = await request.attachments.save();
      sessionId = await store.openReply({
        userId,
        kind,
        sessionId: request.sessionId,
        prompt: request.prompt,
        replyId,
        columns: columns.map((column) => ({ rowId: column.rowId, modelName: column.column })),
        ...request.stored,
        ...(saved.length > 0 ? { attachments: saved } : {}),
      });
    } catch (error) {
      await charge.release().catch(() => undefined);
      if (saved.length > 0) await request.attachments?.discard(saved).catch(() => undefined);
      throw error;
    }

    const cost = toolCost(TOOL_OF[kind], request.chargeOptions);
    const failedText = request.failedText ?? FAILED_TEXT[kind];
    return registry.start<ReplyOutcome>(
      replyId,
      userId,
      (generation) =>
        runReply({
          kind,
          sessionId,
          replyId,
          columns,
          charge,
          cost,
          generation,
          provider,
          failedText,
          local: request.local,
        }),
      (error) => {
        logger.error({ err: error, replyId }, 'chat reply crashed');
        return {
          kind,
          sessionId,
          replyId,
          status: 'failed',
          columns,
          remainingCredits: (charge.remainingCredits ?? 0) + cost,
          failure: new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected),
        };
      },
    );
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

  async function runReply(input: {
    kind: ReplyKind;
    sessionId: string;
    replyId: string;
    columns: ColumnState[];
    charge: Charge;
    cost: number;
    generation: Generation<ReplyOutcome>;
    provider: ChatProvider | undefined;
    failedText: string;
    local?: LocalAnswer;
  }): Promise<ReplyOutcome> {
    const { kind, sessionId, replyId, columns, charge, cost, generation, provider, failedText, local } =
      input;
    const FAILED = { [kind]: failedText } as Record<ReplyKind, string>;
    const multi = kind === 'playground';
    // Made when a reply has something to log: a logger per open reply costs every reply that never logs.
    let child: Logger | undefined;
    const log = () => (child ??= logger.child({ replyId, kind }));
    generation.emit({
      type: 'start',
      sessionId,
      messageId: replyId,
      ...(multi ? { columns: columns.map((column) => column.column) } : {}),
      ...(local ? { local: true } : {}),
    });
    const startedAt = Date.now();
    const limit = setTimeout(() => generation.stop('timeout'), deps.replyMaxMs);

    const rowsOf = (states: readonly ColumnState[]): ReplyRowState[] =>
      states.map((column) => ({
        id: column.rowId,
        content: column.content,
        reasoning: column.reasoning,
        status: rowStatus(column.status),
        ...(column.error ? { error: column.error } : {}),
        citations: column.citations,
        local: column.local,
      }));

    // The text so far, saved while the reply streams (one save at a time; a failed save is retried next tick).
    let saving: Promise<void> = Promise.resolve();
    let saveRunning = false;
    const saveProgress = () => {
      if (saveRunning) return;
      const dirty = columns.filter((column) => column.dirty);
      if (dirty.length === 0) return;
      for (const column of dirty) column.dirty = false;
      const rows = rowsOf(dirty).map((row) => ({ ...row, status: 'streaming' as const }));
      saveRunning = true;
      saving = store
        .saveProgress(rows)
        .catch((error: unknown) => {
          for (const column of dirty) column.dirty = true;
          log().warn({ err: error }, 'could not save the reply so far; retrying');
        })
        .finally(() => {
          saveRunning = false;
        });
    };
    const saver = setInterval(saveProgress, deps.persistIntervalMs);

    // Set by the work once every column has ended (read after charge.run, on both of its paths).
    const ended: { status: ChatReplyStatus } = { status: 'failed' };
    try {
      await charge.run(
        async (signal) => {
          await Promise.all(
            columns.map(async (column) => {
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
              const renumberer: CitationRenumberer | undefined = column.sources
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
                  log().warn({ err: error, model: column.model }, 'chat provider failed');
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
            }),
          );
          clearInterval(saver);
          await saving;

          const textArrived = columns.some((column) => column.content !== '' || column.reasoning !== '');
          if (signal.aborted) ended.status = 'stopped';
          else if (columns.some((column) => column.status === 'done')) ended.status = 'completed';
          else ended.status = 'failed';
          const rows = rowsOf(columns);
          // Retried while the database restarts, as long as the charged call may last (the hold outlives it).
          const retry = { until: startedAt + CHARGED_WORK_MAX_MS - 5_000, logger: log() };
          if (outcomeOfChatReply(ended.status, textArrived) === 'released') {
            // Shown as failed, or stopped before any text: the rows say why, and charge.run releases the hold. If
            // they cannot be written, the abandoned-reply sweep closes them as failed later; the refund goes on.
            await retryWhileDbUnavailable(() => store.finishReply(store.sql, sessionId, rows), {
              ...retry,
              what: 'chat reply (not charged)',
            }).catch((error: unknown) => log().error({ err: error }, 'could not save the ended reply'));
            // Thrown so that charge.run releases the hold and reports the refunded balance; a stop is told apart
            // from a failure by `ended.status` below, never by this code (it does not reach the member).
            throw new AppError(
              ended.status === 'stopped' ? ErrorCode.CONFLICT : ErrorCode.PROVIDER_FAILED,
              FAILED[kind],
            );
          }
          // Charged: the final rows and the commit in one transaction, retried while the database is unavailable
          // (a completed reply is stored whole and never answered with an error for a restart of PostgreSQL).
          await retryWhileDbUnavailable(
            () =>
              store.sql.begin(async (tx) => {
                await store.finishReply(tx, sessionId, rows);
                await charge.commitIn(tx, outbox);
              }),
            { ...retry, what: 'chat reply and its charge' },
          );
        },
        { signal: generation.signal },
      );
      const { status } = ended;
      const remainingCredits = charge.remainingCredits ?? 0;
      const stopNote = columns.find((column) => column.status === 'stopped' && column.error)?.error;
      generation.emit({
        type: 'done',
        status,
        remainingCredits,
        ...(multi ? { columns: Object.fromEntries(columns.map((c) => [c.column, c.status])) } : {}),
        ...(status === 'stopped' && stopNote && !multi ? { error: stopNote } : {}),
      });
      return { kind, sessionId, replyId, status, columns, remainingCredits };
    } catch (error) {
      clearInterval(saver);
      // Released by charge.run (nothing of it is charged): the balance the refund reported, else the held balance
      // plus the cost given back.
      const refunded = isAppError(error) ? error.details.remainingCredits : undefined;
      const remainingCredits =
        typeof refunded === 'number' ? refunded : (charge.remainingCredits ?? 0) + cost;
      const { status } = ended;
      if (status === 'stopped') {
        generation.emit({
          type: 'done',
          status,
          remainingCredits,
          ...(multi ? { columns: Object.fromEntries(columns.map((c) => [c.column, c.status])) } : {}),
        });
        return { kind, sessionId, replyId, status, columns, remainingCredits };
      }
      // The provider failed (before or after text), or the reply could not be stored even after retrying: the
      // member is told it failed, in the tool's words, and it costs nothing.
      const provider = isAppError(error) && error.code === ErrorCode.PROVIDER_FAILED;
      if (!provider) log().error({ err: error }, 'chat reply could not be saved; released');
      const failure = new AppError(
        provider ? ErrorCode.PROVIDER_FAILED : ErrorCode.SERVICE_UNAVAILABLE,
        FAILED[kind],
        { details: { remainingCredits }, cause: error },
      );
      generation.emit({ type: 'error', error: failure.message, code: failure.code, remainingCredits });
      return { kind, sessionId, replyId, status: 'failed', columns, remainingCredits, failure };
    } finally {
      clearTimeout(limit);
      clearInterval(saver);
    }
  }

  return { start };
}

// Chat replies as charged, detached generations (ARCHITECTURE §5a, README "How credits move"):
// - the cost is reserved before the provider is called (playground 5 for all four columns together, reasoning 6);
// - the reply runs in the generation registry, not in the HTTP request: a client that goes away changes nothing;
// - its text is saved every CHAT_PERSIST_INTERVAL_MS while it streams, and once more when it ends;
// - when any text arrived (answer or reasoning), the final rows and the commit are written in one transaction
//   through the outbox, so the reply is charged exactly once, completed, stopped or partly failed alike;
// - when no text arrived (the provider failed first, or Stop came before the first word), the hold is released.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  ErrorCode,
  LIMITS,
  PLAYGROUND_MODELS,
  REASONING_MODEL,
  getTool,
  type ChatColumnStatus,
  type ChatReplyStatus,
  type ToolId,
} from '@act/contracts';
import {
  AppError,
  isAppError,
  reserveCharge,
  type Charge,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ImageInput, PdfInput } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore, ReplyRowState } from '../db/chat-store';
import type { ChatProvider, ProviderContentPart, ProviderMessage } from '../providers/types';
import type { Generation, GenerationRegistry } from './generations';

/** The two chat tools of this part; the agent and web chat come next. */
export type ReplyKind = 'playground' | 'reasoning';

const TOOL_OF: Record<ReplyKind, ToolId> = {
  playground: 'ai-chat-playground',
  reasoning: 'chat-reasoning',
};

/** The spec's insufficient-credits text per tool (credits itself answers with the generic one). */
const INSUFFICIENT_TEXT: Record<ReplyKind, string> = {
  playground: ERROR_TEXTS.validation.insufficientCreditsPlayground,
  reasoning: ERROR_TEXTS.validation.insufficientCreditsReasoning,
};

/** What a member reads when the whole reply failed (spec §8, chat). */
const FAILED_TEXT: Record<ReplyKind, string> = {
  playground: ERROR_TEXTS.chat.sendMessage,
  reasoning: ERROR_TEXTS.chat.sendReasoningQuery,
};

export interface ColumnOutcome {
  /** The playground model id (spec §3), or the reasoning model id. */
  column: string;
  rowId: string;
  content: string;
  reasoning: string;
  status: ChatColumnStatus;
  /** The spec's words for a failed column. */
  error?: string;
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

function rowStatus(status: ChatColumnStatus): ReplyRowState['status'] {
  return status === 'done' ? 'completed' : status;
}

export function createChatReplies(deps: ChatRepliesDeps): ChatReplies {
  const { store, credits, outbox, models, registry, logger } = deps;

  async function reserve(kind: ReplyKind, userId: string, replyId: string): Promise<Charge> {
    try {
      return await reserveCharge(credits, { tool: TOOL_OF[kind], userId, requestId: replyId });
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.INSUFFICIENT_CREDITS) {
        throw new AppError(ErrorCode.INSUFFICIENT_CREDITS, INSUFFICIENT_TEXT[kind], {
          details: error.details,
          cause: error,
        });
      }
      throw error;
    }
  }

  async function start(request: ReplyRequest): Promise<Generation<ReplyOutcome>> {
    const { provider } = deps;
    if (!provider) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.chat.providerKeyMissing);
    // A stopping replica finishes its replies but takes no new one; the gateway retries elsewhere.
    if (!registry.accepting)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
    const { kind, userId } = request;
    if (request.sessionId !== undefined) await store.findSession(userId, kind, request.sessionId);

    // Each model sees the session's stored history (the member's messages and its own answers), not the
    // conversationHistories a browser may send: the stored one is what the member sees, across devices and reloads.
    const columns: ColumnState[] = [];
    const historyLimit = LIMITS.chatHistoryMessages;
    const current: ProviderMessage = {
      role: 'user',
      content: userContent(request.prompt, request.image, request.pdf),
    };
    if (kind === 'playground') {
      for (const column of PLAYGROUND_MODELS) {
        const history = request.sessionId
          ? await store.history(request.sessionId, { modelName: column, limit: historyLimit })
          : [];
        columns.push(newColumn(column, models.playground[column], [...history, current]));
      }
    } else {
      const history = request.sessionId
        ? await store.history(request.sessionId, { limit: historyLimit })
        : [];
      columns.push(newColumn(REASONING_MODEL, models.reasoning, [...history, current]));
    }

    const replyId = randomUUID();
    const charge = await reserve(kind, userId, replyId);
    let sessionId: string;
    try {
      sessionId = await store.openReply({
        userId,
        kind,
        sessionId: request.sessionId,
        prompt: request.prompt,
        replyId,
        columns: columns.map((column) => ({ rowId: column.rowId, modelName: column.column })),
      });
    } catch (error) {
      await charge.release().catch(() => undefined);
      throw error;
    }

    const cost = getTool(TOOL_OF[kind]).cost;
    return registry.start<ReplyOutcome>(
      replyId,
      userId,
      (generation) => runReply({ kind, sessionId, replyId, columns, charge, cost, generation, provider }),
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
    provider: ChatProvider;
  }): Promise<ReplyOutcome> {
    const { kind, sessionId, replyId, columns, charge, cost, generation, provider } = input;
    const multi = kind === 'playground';
    // Made when a reply has something to log: a logger per open reply costs every reply that never logs.
    let child: Logger | undefined;
    const log = () => (child ??= logger.child({ replyId, kind }));
    generation.emit({
      type: 'start',
      sessionId,
      messageId: replyId,
      ...(multi ? { columns: columns.map((column) => column.column) } : {}),
    });
    const limit = setTimeout(() => generation.stop('timeout'), deps.replyMaxMs);

    const rowsOf = (states: readonly ColumnState[]): ReplyRowState[] =>
      states.map((column) => ({
        id: column.rowId,
        content: column.content,
        reasoning: column.reasoning,
        status: rowStatus(column.status),
        ...(column.error ? { error: column.error } : {}),
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
              try {
                await provider.stream({
                  model: column.model,
                  messages,
                  signal,
                  onText(text) {
                    column.content += text;
                    column.dirty = true;
                    charge.markDelivered();
                    generation.emit({ type: 'delta', text, ...tag });
                  },
                  onReasoning(text) {
                    column.reasoning += text;
                    column.dirty = true;
                    charge.markDelivered();
                    generation.emit({ type: 'reasoning', text, ...tag });
                  },
                });
                if (signal.aborted) column.status = 'stopped';
                else if (column.content.trim() === '') {
                  column.status = 'failed';
                  column.error = ERROR_TEXTS.chat.noAnswerReceived;
                } else column.status = 'done';
              } catch (error) {
                if (signal.aborted) column.status = 'stopped';
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

          const delivered = columns.some((column) => column.content !== '' || column.reasoning !== '');
          if (signal.aborted) ended.status = 'stopped';
          else if (columns.some((column) => column.status === 'done')) ended.status = 'completed';
          else ended.status = 'failed';
          if (!delivered) {
            // Nothing reached the member: the rows say why, and charge.run releases the hold.
            await store.finishReply(store.sql, sessionId, rowsOf(columns));
            // Thrown so that charge.run releases the hold and reports the refunded balance; a stop is told apart
            // from a failure by `ended.status` below, never by this code (it does not reach the member).
            throw new AppError(
              ended.status === 'stopped' ? ErrorCode.CONFLICT : ErrorCode.PROVIDER_FAILED,
              FAILED_TEXT[kind],
            );
          }
          // Text arrived: the final rows and the commit in one transaction (charged once, whatever ended it).
          await store.sql.begin(async (tx) => {
            await store.finishReply(tx, sessionId, rowsOf(columns));
            await charge.commitIn(tx, outbox);
          });
        },
        { signal: generation.signal },
      );
      const { status } = ended;
      const remainingCredits = charge.remainingCredits ?? 0;
      generation.emit({
        type: 'done',
        status,
        remainingCredits,
        ...(multi ? { columns: Object.fromEntries(columns.map((c) => [c.column, c.status])) } : {}),
        ...(status === 'failed' && !multi ? { error: columns[0]?.error ?? FAILED_TEXT[kind] } : {}),
      });
      return { kind, sessionId, replyId, status, columns, remainingCredits };
    } catch (error) {
      clearInterval(saver);
      // Released (or, if the final write failed after text arrived, committed by charge.run): the balance the
      // refund reported, else the held balance plus the cost given back.
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
      const failure =
        isAppError(error) && error.code === ErrorCode.PROVIDER_FAILED
          ? new AppError(ErrorCode.PROVIDER_FAILED, FAILED_TEXT[kind], { details: { remainingCredits } })
          : new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: error });
      if (failure.code === ErrorCode.INTERNAL) log().error({ err: error }, 'chat reply could not be saved');
      generation.emit({ type: 'error', error: failure.message, code: failure.code, remainingCredits });
      return { kind, sessionId, replyId, status: 'failed', columns, remainingCredits, failure };
    } finally {
      clearTimeout(limit);
      clearInterval(saver);
    }
  }

  return { start };
}

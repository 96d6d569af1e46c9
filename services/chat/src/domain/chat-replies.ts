// Chat replies as charged, detached generations (docs/architecture.md#streaming-replies,
// docs/architecture.md#credits, docs/charges.md):
// - the cost is reserved before the provider is called (playground 5 for all four columns together, reasoning 6,
//   chat agent 2 or 7 with web search, web chat 6 to start and 2 per follow-up, a playground fuse 2 as one chat agent
//   message: reply-settlement.ts `chargeOf`);
// - the reply runs in the generation registry, not in the HTTP request: a client that goes away changes nothing;
// - its columns stream, their text saved every CHAT_PERSIST_INTERVAL_MS (reply-columns.ts);
// - how they ended decides the charge (reply-settlement.ts, on contracts outcomeOfChatReply), and the final rows are
//   stored and the charge settled by it (reply-settlement.ts too): a charged reply's rows and commit in one
//   transaction through the outbox, retried while the database is unavailable; a free one's rows, then the release;
// - the member is told how it ended, as the last event (reply-settlement.ts endOf, sent by announceEnd there).
import { randomUUID } from 'node:crypto';
import {
  DEEP_SEARCH_TEXTS,
  ERROR_TEXTS,
  ErrorCode,
  CHARGED_WORK_MAX_MS,
  type ApiKeyCharge,
} from '@act/contracts';
import {
  AppError,
  isAppError,
  reserveCharge,
  type Charge,
  type CreditsClient,
  type Logger,
  type Outbox,
  type CreationAnnouncer,
} from '@act/service-kit';
import type { ChatModels } from '../config';
import type { ChatStore, OpenReplyInput, StoredAttachment } from '../db/chat-store';
import type { ChatProvider } from '../providers/types';
import type { Generation, GenerationRegistry } from './generations';
import { instructedProvider } from './instructions';
import { columnsFor, runColumn, saveProgressEvery, type ColumnState } from './reply-columns';
import type { ReplyRequest } from './reply-request';
import {
  announceEnd,
  chargeOf,
  columnEnd,
  endOf,
  rowsOf,
  settleReply,
  settleReport,
  storeAndSettle,
  unstoredEnd,
  type ReplyEnd,
  type ReplyCharge,
  type ReplyOutcome,
  type ReplySettlement,
} from './reply-settlement';
import { runReport } from '../deep-search/report';
import type { DeepSearchDeps } from '../deep-search/research';

export type { ColumnOutcome } from './reply-columns';
export type { ReplyOutcome } from './reply-settlement';
export type { ReplyKind, ReplyRequest } from './reply-request';

export interface ChatRepliesDeps {
  store: ChatStore;
  credits: CreditsClient;
  outbox: Outbox;
  /** Announces a session to the member's library when an answer of it is stored (domain/creations.ts). */
  creations: CreationAnnouncer;
  /** Absent without a provider key: every reply is refused with a 503 before anything is reserved. */
  provider: ChatProvider | undefined;
  models: ChatModels;
  registry: GenerationRegistry;
  logger: Logger;
  replyMaxMs: number;
  persistIntervalMs: number;
  /** Deep Search's search provider and bounds; absent without a search provider (a report is refused with a 503). */
  deepSearch?: DeepSearchDeps;
}

export interface ChatReplies {
  /**
   * Reserves, stores the member's message and starts the reply; resolves once it runs (its first event queued).
   * `requestId` is the HTTP request's id (EndpointCall.requestId): the charge sends it to credits, on the reserve and
   * on the reply's settlement, which comes after the request when the client leaves. `apiKey`: the call's personal
   * API key, if any (the charge names it; credits holds it to its limit).
   */
  start(request: ReplyRequest, requestId?: string, apiKey?: ApiKeyCharge): Promise<Generation<ReplyOutcome>>;
}

/** A reply whose member's message and rows are stored and whose charge is held, ready to run. */
interface OpenedReply {
  request: ReplyRequest;
  sessionId: string;
  replyId: string;
  /** The member's message the reply answers (new, or the one answered again). */
  questionId: string;
  columns: ColumnState[];
  charge: Charge;
  terms: ReplyCharge;
  /** The provider as this reply calls it: the project's and the member's instructions first (instructions.ts). */
  provider: ChatProvider | undefined;
}

export function createChatReplies(deps: ChatRepliesDeps): ChatReplies {
  const { store, credits, outbox, models, registry, logger } = deps;

  async function start(
    request: ReplyRequest,
    requestId?: string,
    apiKey?: ApiKeyCharge,
  ): Promise<Generation<ReplyOutcome>> {
    const local = request.kind === 'web' && request.answer.by === 'local';
    if (!deps.provider && !local) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.chat.providerKeyMissing);
    }
    if (request.kind === 'deep-search' && !deps.deepSearch) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, DEEP_SEARCH_TEXTS.unavailableSearch);
    }
    // A stopping replica finishes its replies but takes no new one; the gateway retries elsewhere.
    if (!registry.accepting)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
    const { kind, userId } = request;
    // A prepared request (agent, web) was checked by its caller, which read the session to prepare it.
    if ((kind === 'playground' || kind === 'reasoning') && request.sessionId !== undefined) {
      await store.findSession(userId, kind, request.sessionId);
    }
    const columns = await columnsFor(request, { store, models });
    // Another member's project is a 404 before the reserve; the texts never change the price (chargeOf).
    const projectId = await store.projectOfReply(userId, request);
    const provider = instructedProvider(deps.provider, await store.systemTextsOf(userId, projectId));

    const replyId = randomUUID();
    const terms = chargeOf(request);
    // A short balance is refused with the tool's own text (reserveCharge looks it up by tool and options).
    const charge = await reserveCharge(credits, {
      tool: terms.tool,
      userId,
      requestId: replyId,
      httpRequestId: requestId,
      apiKey,
      ...(terms.options ? { options: terms.options } : {}),
    });
    const attachments = request.kind === 'agent' ? request.attachments : undefined;
    let sessionId: string;
    let questionId: string;
    let saved: StoredAttachment[] = [];
    try {
      if (attachments) saved = await attachments.save();
      ({ sessionId, questionId } =
        request.kind === 'fuse'
          ? await store.openFuse({
              userId,
              sessionId: request.sessionId,
              replyId,
              rowId: columns[0]!.rowId,
              modelName: request.column,
              fusedFrom: request.fusedFrom,
            })
          : await store.openReply({
              userId,
              kind: request.kind,
              sessionId: request.sessionId,
              prompt: request.prompt,
              replyId,
              columns: columns.map((column) => ({ rowId: column.rowId, modelName: column.column })),
              ...storedOf(request),
              ...(request.sessionId === undefined && projectId ? { projectId } : {}),
              ...(saved.length > 0 ? { attachments: saved } : {}),
            }));
    } catch (error) {
      await charge.release().catch(() => undefined);
      if (saved.length > 0) await attachments?.discard(saved).catch(() => undefined);
      throw error;
    }

    const reply: OpenedReply = { request, sessionId, replyId, questionId, columns, charge, terms, provider };
    return registry.start<ReplyOutcome>(
      replyId,
      userId,
      (generation) => runReply(reply, generation),
      (error) => {
        logger.error({ err: error, replyId }, 'chat reply crashed');
        return {
          kind,
          sessionId,
          replyId,
          status: 'failed',
          columns,
          remainingCredits: (charge.remainingCredits ?? 0) + terms.price,
          failure: new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected),
        };
      },
    );
  }

  /** Streams the columns, then stores the reply and settles its charge by how they ended, and tells the member. */
  async function runReply(reply: OpenedReply, generation: Generation<ReplyOutcome>): Promise<ReplyOutcome> {
    const { request, sessionId, replyId, questionId, columns, charge, terms, provider } = reply;
    const { kind } = request;
    const local = kind === 'web' && request.answer.by === 'local' ? request.answer.answer : undefined;
    const multi = kind === 'playground';
    // Made when a reply has something to log: a logger per open reply costs every reply that never logs.
    let child: Logger | undefined;
    const log = () => (child ??= logger.child({ replyId, kind }));
    generation.emit({
      type: 'start',
      sessionId,
      messageId: replyId,
      userMessageId: questionId,
      ...(multi ? { columns: columns.map((column) => column.column) } : {}),
      ...(local ? { local: true } : {}),
    });
    // Retried while the database restarts, as long as the charged call may last (the hold outlives it).
    const until = Date.now() + CHARGED_WORK_MAX_MS - 5_000;
    const limit = setTimeout(stopAtTimeLimit, deps.replyMaxMs, generation);
    const progress = saveProgressEvery(deps.persistIntervalMs, columns, { store, log });
    const ended = (end: ReplyEnd) => announceEnd(generation, { kind, sessionId, replyId, columns }, end);
    /** The balance after a refund when credits did not tell it: the held balance plus the cost given back. */
    const refundedOtherwise = () => (charge.remainingCredits ?? 0) + terms.price;

    // Set once every column has ended (a reply that breaks before then is shown as failed).
    let settlement: ReplySettlement = { status: 'failed', charge: 'released' };
    let refund: number | null | undefined;
    try {
      await charge.run(
        async (signal) => {
          const run = { signal, provider, local, generation, multi, log };
          const report = kind === 'deep-search' ? deps.deepSearch : undefined;
          await Promise.all(
            columns.map((column) =>
              report
                ? runReport(
                    column,
                    request.prompt,
                    run,
                    report,
                    (kind === 'deep-search' && request.earlier) || [],
                  )
                : runColumn(column, run),
            ),
          );
          await progress.stop();
          settlement = (report ? settleReport : settleReply)(columns.map(columnEnd), signal.aborted);
          // Each answer keeps what its reply cost: the price when charged, nothing when free.
          const credits = settlement.charge === 'committed' ? terms.price : 0;
          const rows = rowsOf(columns).map((row) => ({ ...row, credits }));
          refund = await storeAndSettle(sessionId, rows, settlement.charge, {
            store,
            outbox,
            creations: deps.creations,
            charge,
            until,
            log,
          });
        },
        { signal: generation.signal },
      );
    } catch (error) {
      // The charged reply could not be stored even after retrying (charge.run released its hold): it costs nothing.
      const refunded = isAppError(error) ? error.details.remainingCredits : undefined;
      const remainingCredits = typeof refunded === 'number' ? refunded : refundedOtherwise();
      if (settlement.status !== 'stopped')
        log().error({ err: error }, 'chat reply could not be saved; released');
      return ended(unstoredEnd(settlement.status, remainingCredits, terms.failedText, error));
    } finally {
      clearTimeout(limit);
      void progress.stop();
    }
    const balances = {
      heldBalance: charge.remainingCredits ?? 0,
      refundedBalance: refund ?? refundedOtherwise(),
    };
    return ended(endOf({ settlement, kind, columns, ...balances, failedText: terms.failedText }));
  }

  return { start };
}

/** What the stored session and member's message carry beyond the prompt. */
function storedOf(
  request: ReplyRequest,
): Pick<OpenReplyInput, 'userContent' | 'title' | 'modelId' | 'page' | 'parentId' | 'answerOf'> {
  const { branch } = request;
  const place = branch
    ? { parentId: branch.parentId, ...(branch.answerOf ? { answerOf: branch.answerOf.id } : {}) }
    : {};
  if (request.kind === 'agent') return { ...place, modelId: request.modelId };
  if (request.kind === 'web' && request.page) {
    return { userContent: request.url, title: request.page.title, page: request.page };
  }
  return place;
}

/** The time limit's stop (one function for every reply, the generation its argument: no closure per open reply). */
function stopAtTimeLimit(generation: Generation<ReplyOutcome>): void {
  generation.stop('timeout');
}

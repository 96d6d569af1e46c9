// Chat replies as charged, detached generations (docs/architecture.md#streaming-replies,
// docs/architecture.md#credits, docs/charges.md):
// - the cost is reserved before the provider is called (playground 5 for all four columns together, reasoning 6,
//   chat agent 2 or 7 with web search, web chat 6 to start and 2 per follow-up, a playground fuse 2 as one chat agent
//   message: reply-settlement.ts `chargeOf`);
// - the reply runs in the generation registry, not in the HTTP request: a client that goes away changes nothing;
// - its columns stream (reply-columns.ts), their text saved every CHAT_PERSIST_INTERVAL_MS (ProgressSaves, below);
// - how they ended decides the charge (reply-settlement.ts, on contracts outcomeOfChatReply), and the final rows are
//   stored and the charge settled by it (reply-settlement.ts too): a charged reply's rows and commit in one
//   transaction through the outbox, retried while the database is unavailable; a free one's rows, then the release;
// - the member is told how it ended, as the last event (reply-settlement.ts endOf, sent by announceEnd there); the
//   run is one ReplyRun object (reply-run.ts).
import { randomUUID } from 'node:crypto';
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS, ErrorCode, type ApiKeyCharge } from '@act/contracts';
import {
  AppError,
  reserveCharge,
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
import { columnsFor, type ColumnState } from './reply-columns';
import type { ReplyRequest } from './reply-request';
import { ReplyRun, type ReplyRunDeps } from './reply-run';
import { chargeOf, rowsOf, type ReplyOutcome } from './reply-settlement';
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

export function createChatReplies(deps: ChatRepliesDeps): ChatReplies {
  const { store, credits, models, registry } = deps;
  // Every open reply's progress saved on one timer (ProgressSaves, below).
  const runDeps: ReplyRunDeps = { ...deps, progress: new ProgressSaves(store, deps.persistIntervalMs) };

  async function start(
    request: ReplyRequest,
    requestId?: string,
    apiKey?: ApiKeyCharge,
  ): Promise<Generation<ReplyOutcome>> {
    refuseUnrunnable(deps, request);
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

    const run = new ReplyRun(runDeps, {
      request,
      sessionId,
      replyId,
      questionId,
      columns,
      charge,
      terms,
      provider,
    });
    return registry.start<ReplyOutcome>(
      replyId,
      userId,
      (generation) => run.run(generation),
      (error) => run.crashed(error),
    );
  }

  return { start };
}

/** Refusals before any work: no provider for the reply, no search for Deep Search, a replica that is stopping. */
function refuseUnrunnable(deps: ChatRepliesDeps, request: ReplyRequest): void {
  const local = request.kind === 'web' && request.answer.by === 'local';
  if (!deps.provider && !local) {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.chat.providerKeyMissing);
  }
  if (request.kind === 'deep-search' && !deps.deepSearch) {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, DEEP_SEARCH_TEXTS.unavailableSearch);
  }
  // A stopping replica finishes its replies but takes no new one; the gateway retries elsewhere.
  if (!deps.registry.accepting)
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
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

// Saved progress of the open replies (docs/architecture.md#chat-replies): while a reply's columns stream, their text
// is saved every CHAT_PERSIST_INTERVAL_MS, so a reopened session shows the reply growing, a follower on any replica
// reads it (reply-follow.ts), and a replica that dies mid-reply leaves what had arrived. One timer for every open
// reply of the process rather than one per reply: a timer and its closure per reply were memory per open reply
// (docs/performance.md#chats-32-kb-on-this-design).
/** An open reply whose columns are saved while they stream (chat-replies.ts's ReplyRun). */
export interface SavedReply {
  readonly columns: readonly ColumnState[];
  /** The save of this reply under way, if any: one at a time per reply. */
  saving: Promise<void> | undefined;
  log(): Logger;
}

/** Saves each open reply's changed columns every `intervalMs`; a failed save is retried at the next tick. */
export class ProgressSaves {
  private readonly open = new Set<SavedReply>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: ChatStore,
    private readonly intervalMs: number,
  ) {}

  /** Saves this reply's progress from the next tick on (within `intervalMs` of now). */
  add(reply: SavedReply): void {
    this.open.add(reply);
    this.timer ??= setInterval(saveAll, this.intervalMs, this);
  }

  /** Saves no more of this reply; resolves once its save under way has ended (it never rejects). */
  remove(reply: SavedReply): Promise<void> {
    this.open.delete(reply);
    if (this.open.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return reply.saving ?? Promise.resolve();
  }

  /** One tick: each open reply's changed columns, unless its last save is still under way. */
  saveAll(): void {
    for (const reply of this.open) this.save(reply);
  }

  private save(reply: SavedReply): void {
    if (reply.saving) return;
    const dirty = reply.columns.filter((column) => column.dirty);
    if (dirty.length === 0) return;
    for (const column of dirty) column.dirty = false;
    const rows = rowsOf(dirty).map((row) => ({ ...row, status: 'streaming' as const }));
    reply.saving = this.store
      .saveProgress(rows)
      .catch((error: unknown) => {
        for (const column of dirty) column.dirty = true;
        reply.log().warn({ err: error }, 'could not save the reply so far; retrying');
      })
      .finally(() => {
        reply.saving = undefined;
      });
  }
}

/** The timer's one function for every tick (the saver its argument: no closure). */
function saveAll(saves: ProgressSaves): void {
  saves.saveAll();
}

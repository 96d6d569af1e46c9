// Charges in credits (docs/architecture.md#credits), the other side of the tool services' charges
// (packages/service-kit/src/charges.ts): the NATS edges first, then the rules they apply; workers.ts starts the edges.
// The edges: the `credits.reserve` and `credits.release` responders and the USAGE consumers that apply
// usage.committed and usage.released.
// Reserving: the cost comes from the catalogue, never from the caller; members are charged with a conditional UPDATE,
// guests get one free use per tool and network (the IPv4 address or the IPv6 /64) per 24 hours, and all guests
// together at most the daily guest budget of each tool. Idempotent per requestId: a repeated request gets the stored
// answer and is never charged twice.
// Applying outcomes: committed → a tool_usage row, released → refund. Each event is applied at most once: its id is
// recorded with the change, and a hold only ever leaves `held` once, so a commit or release arriving after the
// sweeper expired the hold neither charges again nor refunds twice.
import { isIP } from 'node:net';
import { CREDIT_CONTROLS_TEXTS, ERROR_TEXTS, ErrorCode, toolCost, type ToolId } from '@act/contracts';
import {
  REQUEST_ID_HEADER,
  ReserveRequestSchema,
  UsageEventSchema,
  type NatsNames,
  type ReleaseNowReply,
  type ReserveReply,
  type ReserveRequest,
  type UsageEvent,
} from '@act/contracts/server';
import {
  ensureDurableConsumer,
  isDatabaseUnavailable,
  isUniqueViolation,
  parseEvent,
  startDurableWorker,
  type DurableWorker,
  type Logger,
  type NatsConnection,
} from '@act/service-kit';
import type { JsMsg, Subscription } from 'nats';
import type { Clock } from './clock';
import type { AccountRow } from './db/accounts';
import type { CreditsStore, CreditsTransaction } from './db/credits-store';
import type { HoldLease, HoldRow, SettleResult, UnreservedRelease } from './db/holds';
import { reserveWithKey } from './api-key-reserve';
import { applyDueChanges, ensureAccount } from './domain/account-lifecycle';
import { raiseNotices } from './domain/credit-controls';
import type { NoticeEvents } from './domain/notice-events';

// Answers `credits.reserve` requests. Every replica subscribes in the same queue group, so NATS hands each request to
// exactly one of them. A reply is always sent, even for a malformed request, so callers never wait for a timeout.
// A request past its deadline (credits was stalled; the caller has given up and released) is refused uncharged.
export interface ReserveResponderOptions extends ReserveDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
}

export function startReserveResponder(options: ReserveResponderOptions): QueueResponder {
  const { nc, names, logger } = options;
  const reserver = createReserver(options);
  return startQueueResponder({
    nc,
    subject: names.reserve,
    queue: names.reserveQueue,
    logger,
    answer: async (data, meta) => {
      const { reply, chargeId, tool } = await handleReserve(reserver, data, logger, meta);
      // One line per reserve, under the HTTP request's id: a tool use is followed from the gateway to here.
      logger.info(
        {
          ...meta,
          chargeId,
          tool,
          ...(reply.ok ? { outcome: 'reserved' } : { outcome: 'refused', code: reply.code }),
        },
        'reserve',
      );
      return reply;
    },
  });
}

/**
 * Nothing held, try again soon: a reserve whose caller has stopped waiting (charging it would bill a call that
 * already failed), or the credits database down or restarting (a passing state, so 503 rather than a failure).
 */
const unavailable: ReserveReply = {
  ok: false,
  code: ErrorCode.SERVICE_UNAVAILABLE,
  message: ERROR_TEXTS.server.serviceUnavailable,
};

interface HandledReserve {
  reply: ReserveReply;
  chargeId?: string;
  tool?: string;
}

async function handleReserve(
  reserver: Reserver,
  data: Uint8Array,
  logger: Logger,
  meta: MessageMeta,
): Promise<HandledReserve> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return {
      reply: { ok: false, code: ErrorCode.VALIDATION_FAILED, message: ERROR_TEXTS.validation.invalidRequest },
    };
  }
  const parsed = ReserveRequestSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      reply: {
        ok: false,
        code: ErrorCode.VALIDATION_FAILED,
        message: parsed.error.issues[0]?.message ?? ERROR_TEXTS.validation.invalidRequest,
      },
    };
  }
  const handled = { chargeId: parsed.data.requestId, tool: parsed.data.tool };
  const { deadline } = parsed.data;
  // Wall-clock time, like the caller's deadline (the injectable business clock is for resets and plan changes).
  if (deadline && Date.parse(deadline) <= Date.now()) {
    logger.warn(
      { ...meta, chargeId: handled.chargeId, deadline },
      'reserve arrived after its deadline; refused',
    );
    return { ...handled, reply: unavailable };
  }
  try {
    return { ...handled, reply: await reserver.reserve(parsed.data) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // The caller answers 503 with Retry-After. A hold whose commit the outage cut off (rare) is refunded by the
      // sweeper after its TTL, as any hold of a call that failed.
      logger.warn(
        { ...meta, err: error, chargeId: handled.chargeId },
        'reserve refused: database unavailable',
      );
      return { ...handled, reply: unavailable };
    }
    logger.error({ ...meta, err: error, chargeId: handled.chargeId }, 'reserve failed');
    return {
      ...handled,
      reply: { ok: false, code: ErrorCode.INTERNAL, message: ERROR_TEXTS.toolUse.failedToUpdateCredits },
    };
  }
}

// Answers `credits.release`: a tool service whose work failed asks for its hold to be refunded now, so the member's
// failed reply already shows the refunded balance and concurrent calls never see held credits as spent. Applies the
// same release as the usage.released event (same event id), so whichever of the two arrives second changes nothing.
export interface ReleaseResponderOptions extends UsageEventDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
}

export function startReleaseResponder(options: ReleaseResponderOptions): QueueResponder {
  const { nc, names, logger } = options;
  return startQueueResponder({
    nc,
    subject: names.releaseNow,
    queue: names.reserveQueue,
    logger,
    async answer(data, meta): Promise<ReleaseNowReply> {
      try {
        const event = UsageEventSchema.parse(JSON.parse(new TextDecoder().decode(data)));
        await applyUsageEvent(options, 'released', event);
        logger.info(
          { ...meta, chargeId: event.requestId, tool: event.tool, outcome: 'released' },
          'release now',
        );
        const account = event.userId ? await options.store.findAccount(event.userId) : undefined;
        return { ok: true, remainingCredits: account ? account.credits : null };
      } catch (error) {
        // The caller falls back to the usage.released event, which credits applies when it can.
        logger.warn({ ...meta, err: error }, 'immediate release failed');
        return { ok: false };
      }
    },
  });
}

// Consumes usage.committed and usage.released from the USAGE stream with durable consumers (one per subject, which
// also works on NATS servers without multi-subject filters) and applies each event once.
export interface UsageConsumerOptions extends UsageEventDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  maxDeliver: number;
  ackWaitMs?: number;
}

export interface UsageConsumer {
  stop(): Promise<void>;
}

export function usageConsumerName(names: NatsNames, outcome: UsageOutcome): string {
  return `${names.usageConsumer}-${outcome}`;
}

export async function startUsageConsumer(options: UsageConsumerOptions): Promise<UsageConsumer> {
  const { nc, names, logger } = options;
  const jsm = await nc.jetstreamManager();
  const subjects: Record<UsageOutcome, string> = {
    committed: names.usageCommitted,
    released: names.usageReleased,
  };
  const workers: DurableWorker[] = [];
  for (const outcome of ['committed', 'released'] as const) {
    const consumer = usageConsumerName(names, outcome);
    await ensureDurableConsumer(jsm, {
      stream: names.usageStream,
      name: consumer,
      filterSubject: subjects[outcome],
      maxDeliver: options.maxDeliver,
      ackWaitMs: options.ackWaitMs ?? 30_000,
    });
    workers.push(
      await startDurableWorker({
        nc,
        logger,
        stream: names.usageStream,
        consumer,
        maxDeliver: options.maxDeliver,
        deadLetterSubject: names.usageDeadLetter,
        handle: (message) => handleUsageMessages(options, outcome, [message]),
        handleBatch: (messages) => handleUsageMessages(options, outcome, messages),
      }),
    );
  }
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

async function handleUsageMessages(options: UsageConsumerOptions, outcome: UsageOutcome, messages: JsMsg[]) {
  const events = messages.map((message) => parseEvent(message, UsageEventSchema, 'usage event'));
  const results = await applyUsageEvents(options, outcome, events);
  results.forEach((result, i) => {
    const event = events[i]!;
    // Under the id of the HTTP request the event was sent for (its REQUEST_ID_HEADER), like the service's lines.
    const meta = {
      ...messageMeta(messages[i]!.headers),
      chargeId: event.requestId,
      tool: event.tool,
      outcome,
    };
    if (result.fresh && !result.applied) {
      // Not an error to retry: the hold is gone, already settled, or expired by the sweeper (refunded, never
      // charged again).
      options.logger.warn(
        { ...meta, holdStatus: result.priorStatus ?? 'missing' },
        'usage event did not change a hold',
      );
    } else if (result.applied) {
      options.logger.info(meta, 'usage event applied');
    }
  });
}

// One request/reply subject answered in credits' queue group: NATS hands each request to exactly one replica. Every
// request gets the reply its handler returns (handlers never throw), and stop() drains: no new requests, and the ones
// already delivered finish and reply. The handler gets the id of the HTTP request the message was sent for (the
// REQUEST_ID_HEADER the credits client sets), for its logs.
export interface QueueResponder {
  stop(): Promise<void>;
}

export interface QueueResponderOptions {
  nc: NatsConnection;
  subject: string;
  queue: string;
  logger: Logger;
  /** Turns one request's bytes into its reply; must not throw. */
  answer(data: Uint8Array, meta: MessageMeta): Promise<unknown>;
}

export interface MessageMeta {
  /** The id of the HTTP request this message was sent for (gateway → service → here), when it says. */
  requestId?: string;
}

/** The request id a message carries in its REQUEST_ID_HEADER, if any. */
export function messageMeta(headers: { get(name: string): string } | undefined): MessageMeta {
  const requestId = headers?.get(REQUEST_ID_HEADER);
  return requestId ? { requestId } : {};
}

export function startQueueResponder({
  nc,
  subject,
  queue,
  logger,
  answer,
}: QueueResponderOptions): QueueResponder {
  const inFlight = new Set<Promise<void>>();
  const subscription: Subscription = nc.subscribe(subject, {
    queue,
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'responder subscription error');
        return;
      }
      const task = answer(message.data, messageMeta(message.headers))
        .then((reply) => {
          message.respond(JSON.stringify(reply));
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
  });

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= subscription.drain().then(() => Promise.all(inFlight).then(() => undefined));
      return stopping;
    },
  };
}

// --- The rules: reserving a tool use, then applying its outcome ---

/**
 * docs/product-rules.md#costs-and-limits: one guest use per tool per IP per 24 hours (per network here: see the
 * header).
 */
export const GUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ReserveDeps {
  store: CreditsStore;
  clock: Clock;
  /**
   * Guest uses of one tool that all guests together may take per 24 hours (GUEST_DAILY_BUDGET_PER_TOOL). A second
   * fuse behind the per-network try: however many networks a caller controls, the provider bill for guests has a
   * ceiling. 0 turns guest trials off.
   */
  guestDailyBudgetPerTool: number;
}

export const insufficient: ReserveReply = {
  ok: false,
  code: ErrorCode.INSUFFICIENT_CREDITS,
  message: ERROR_TEXTS.toolUse.insufficientCredits,
};

/** Reserves one use on its own (its own statement or transaction). */
export async function reserveCredits(deps: ReserveDeps, request: ReserveRequest): Promise<ReserveReply> {
  if (request.userId) {
    const input: MemberReserve = {
      requestId: request.requestId,
      userId: request.userId,
      tool: request.tool,
      cost: toolCost(request.tool, request.options),
      ...(request.lease ? { lease: request.lease } : {}),
    };
    return request.apiKey
      ? reserveWithKey(deps, { ...input, apiKey: request.apiKey })
      : reserveForMember(deps, input);
  }
  const visitorIp = guestAddress(request.guestIp);
  if (!visitorIp) {
    return { ok: false, code: ErrorCode.GUEST_IP_REQUIRED, message: ERROR_TEXTS.toolUse.guestIpRequired };
  }
  return reserveForGuest(deps, {
    requestId: request.requestId,
    visitorIp,
    tool: request.tool,
    ...(request.lease ? { lease: request.lease } : {}),
  });
}

/**
 * The guest's address, trimmed and lower-cased, without an IPv6 zone (`fe80::1%eth0`, meaningless off the host);
 * undefined when it is missing or not an IP address, since a try could not be counted against it.
 */
export function guestAddress(guestIp: string | undefined): string | undefined {
  const address = guestIp?.trim().toLowerCase().replace(/%.*$/, '');
  return address && isIP(address) !== 0 ? address : undefined;
}

export interface Reserver {
  reserve(request: ReserveRequest): Promise<ReserveReply>;
}

export interface ReserverOptions {
  /** Most member charges written in one transaction. */
  maxBatch?: number;
  /** Batches in flight at once (each holds one pooled connection). */
  concurrency?: number;
  /** Called with the size of every multi-charge batch written (metrics, tests). */
  onBatch?(size: number): void;
}

interface Pending {
  input: MemberReserve;
  resolve(reply: ReserveReply): void;
  reject(error: unknown): void;
}

/**
 * Group commit for member charges. Under load, charges that arrive while earlier ones are being written are
 * written together in ONE statement (chargeMembers: the same conditional UPDATE per charge, accounts locked in
 * user-id order), so many charges share one round trip and one WAL flush. Each charge still succeeds or fails on
 * its own; a batch holds at most one charge per member (the others wait for the next batch), and a batch that fails
 * as a whole (a concurrent duplicate requestId, say) is retried charge by charge. With no load every request goes
 * alone, exactly as reserveCredits would.
 */
export function createReserver(deps: ReserveDeps, options: ReserverOptions = {}): Reserver {
  const maxBatch = options.maxBatch ?? 100;
  const concurrency = options.concurrency ?? 4;
  let queue: Pending[] = [];
  let inFlight = 0;
  let pumpScheduled = false;

  const settleAlone = (pending: Pending) =>
    reserveForMember(deps, pending.input).then(pending.resolve, pending.reject);

  /** Takes up to maxBatch queued charges with distinct members and distinct requestIds. */
  const takeBatch = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const users = new Set<string>();
    const requests = new Set<string>();
    for (const pending of queue) {
      const { userId, requestId } = pending.input;
      if (batch.length < maxBatch && !users.has(userId) && !requests.has(requestId)) {
        batch.push(pending);
        users.add(userId);
        requests.add(requestId);
      } else {
        rest.push(pending);
      }
    }
    queue = rest;
    return batch;
  };

  const runBatch = async (batch: Pending[]) => {
    if (batch.length === 1) return settleAlone(batch[0]!);
    options.onBatch?.(batch.length);
    let remaining: Array<number | undefined>;
    try {
      remaining = await deps.store.chargeMembers(
        batch.map((pending) => pending.input),
        deps.clock.now(),
      );
    } catch {
      await Promise.all(batch.map(settleAlone));
      return;
    }
    await Promise.all(
      batch.map((pending, i) => {
        const left = remaining[i];
        // Not charged by the fast statement: missing account, something due, or too few credits. The single path
        // opens or updates the account and gives the definitive answer.
        if (left === undefined) return settleAlone(pending);
        pending.resolve({ ok: true, cost: pending.input.cost, remainingCredits: left });
        return undefined;
      }),
    );
  };

  const pump = () => {
    pumpScheduled = false;
    while (queue.length > 0 && inFlight < concurrency) {
      inFlight += 1;
      void runBatch(takeBatch()).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) schedulePump();
      });
    }
  };
  const schedulePump = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  };

  return {
    reserve(request) {
      if (!request.userId) return reserveCredits(deps, request);
      const input: MemberReserve = {
        requestId: request.requestId,
        userId: request.userId,
        tool: request.tool,
        cost: toolCost(request.tool, request.options),
        ...(request.lease ? { lease: request.lease } : {}),
      };
      // A key's charge goes alone: its statement also locks the key's spend (docs/architecture.md#personal-api-keys).
      if (request.apiKey) return reserveWithKey(deps, { ...input, apiKey: request.apiKey });
      return new Promise<ReserveReply>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        schedulePump();
      });
    },
  };
}

export interface MemberReserve {
  requestId: string;
  userId: string;
  tool: ToolId;
  cost: number;
  lease?: HoldLease;
}

async function reserveForMember({ store, clock }: ReserveDeps, input: MemberReserve): Promise<ReserveReply> {
  const now = clock.now();
  const charge = { ...input, now };
  try {
    // Fast path, one round trip: the account exists, nothing is due and the balance covers the cost.
    const remaining = await store.chargeMember(charge);
    if (remaining !== undefined) return { ok: true, cost: input.cost, remainingCredits: remaining };

    // Slow path: replay a repeated request, or open the account / apply what is due, then try once more.
    return await store.transaction(async (tx) => {
      const existing = await tx.findHold(input.requestId);
      if (existing) return replay(existing, input);
      await ensureAccount(tx, input.userId, now);
      const account = await applyDueChanges(tx, input.userId, now);
      const retried = await tx.chargeMember(charge);
      if (retried !== undefined) return { ok: true, cost: input.cost, remainingCredits: retried };
      return account && overCap(account, input.cost) ? spendCapReached(account.monthly_cap!) : insufficient;
    });
  } catch (error) {
    // The same requestId raced in from another delivery: answer with what that one stored.
    if (!isUniqueViolation(error, 'holds_pkey')) throw error;
    const existing = await store.findHold(input.requestId);
    if (!existing) throw error;
    return replay(existing, input);
  }
}

/**
 * Whether the charge was refused for the member's own monthly cap (docs/charges.md#spend-cap-and-usage-notices)
 * rather than for the balance: the balance covers it, the cap does not.
 */
export function overCap(account: AccountRow, cost: number): boolean {
  return (
    account.monthly_cap !== null &&
    account.credits >= cost &&
    account.period_spent + cost > account.monthly_cap
  );
}

export function spendCapReached(cap: number): ReserveReply {
  return {
    ok: false,
    // Its own code: tools that word "insufficient credits" their own way must not hide the cap's text.
    code: ErrorCode.SPEND_CAP_REACHED,
    message: CREDIT_CONTROLS_TEXTS.spendCapReached(cap),
  };
}

interface GuestReserve {
  requestId: string;
  visitorIp: string;
  tool: ToolId;
  lease?: HoldLease;
}

const needsSignup = {
  ok: false,
  code: ErrorCode.NEEDS_SIGNUP,
  message: ERROR_TEXTS.toolUse.needsSignup,
  needsSignup: true,
} satisfies ReserveReply;

async function reserveForGuest(
  { store, clock, guestDailyBudgetPerTool }: ReserveDeps,
  input: GuestReserve,
): Promise<ReserveReply> {
  const now = clock.now();
  const since = new Date(now.getTime() - GUEST_WINDOW_MS);
  const reserve = () =>
    store.transaction(async (tx) => {
      // Without this lock two parallel first uses from one network would both see "no use yet" and both go free.
      await tx.lockGuestSlot(input.visitorIp, input.tool);
      const existing = await tx.findHold(input.requestId);
      if (existing)
        return replay(existing, { userId: undefined, visitorIp: input.visitorIp, tool: input.tool });
      if (await tx.guestUsedSince(input.visitorIp, input.tool, since)) return needsSignup;
      // Counted under a per-tool lock, so concurrent guests can never take more than the budget between them.
      await tx.lockGuestBudget(input.tool);
      const used = await tx.countGuestUses(input.tool, since, guestDailyBudgetPerTool);
      if (used >= guestDailyBudgetPerTool) return needsSignup;
      await tx.insertGuestHold({ ...input, now });
      return { ok: true, cost: 0, remainingCredits: null } satisfies ReserveReply;
    });
  try {
    return await reserve();
  } catch (error) {
    // A release for this request id got there first (it left a void hold): answer with what is stored.
    if (!isUniqueViolation(error, 'holds_pkey')) throw error;
    const existing = await store.findHold(input.requestId);
    if (!existing) throw error;
    return replay(existing, { visitorIp: input.visitorIp, tool: input.tool });
  }
}

/** The stored answer for a repeated requestId; a requestId reused for another payer or tool is refused. */
export function replay(hold: HoldRow, request: { userId?: string; visitorIp?: string; tool: ToolId }): ReserveReply {
  // Released before it was reserved: the tool service gave up on this call, so it must not cost anything now.
  if (hold.status === 'void') {
    return { ok: false, code: ErrorCode.SERVICE_UNAVAILABLE, message: ERROR_TEXTS.server.serviceUnavailable };
  }
  const samePayer = request.userId ? hold.user_id === request.userId : hold.visitor_ip === request.visitorIp;
  if (!samePayer || hold.tool !== request.tool) {
    return { ok: false, code: ErrorCode.CONFLICT, message: ERROR_TEXTS.generic.failedToProcessRequest };
  }
  return { ok: true, cost: hold.cost, remainingCredits: hold.user_id ? hold.remaining_credits : null };
}

// Applying usage outcomes (step 3).

export type UsageOutcome = 'committed' | 'released';

export interface UsageEventDeps {
  store: CreditsStore;
  clock: Clock;
  /** Publishes the usage notices a commit raises (credits.notice.raised). */
  notices: NoticeEvents;
}

/** The JetStream message id and processed-event id of an outcome: one per request and outcome. */
export function usageEventId(requestId: string, outcome: UsageOutcome): string {
  return `${requestId}:${outcome}`;
}

/**
 * Applies a batch of events of one outcome in one transaction (one commit for many events is what keeps the
 * consumer ahead of the reservers). Results come back per event, in order; a requestId repeated within the batch
 * is applied once.
 */
export async function applyUsageEvents(
  { store, clock, notices }: UsageEventDeps,
  outcome: UsageOutcome,
  events: readonly UsageEvent[],
): Promise<SettleResult[]> {
  const unique = [...new Map(events.map((event) => [event.requestId, event])).values()].map((event) => ({
    eventId: usageEventId(event.requestId, outcome),
    requestId: event.requestId,
  }));
  if (unique.length === 0) return [];
  const now = clock.now();
  let raised = 0;
  const results =
    outcome === 'committed'
      ? await store.transaction(async (tx) => {
          const committed = await tx.commitHolds(unique, now);
          const results = await commitLate(tx, unique, committed, now);
          raised = await raiseNotices(tx, notices, unique, results, now);
          return results;
        })
      : await store.transaction(async (tx) => {
          const released = await tx.releaseHolds(unique, now);
          await voidUnreserved(tx, events, released, now);
          return released;
        });
  if (raised > 0) notices.trigger();
  const byEventId = new Map(results.map((result) => [result.eventId, result]));
  return events.map((event) => byEventId.get(usageEventId(event.requestId, outcome))!);
}

export async function applyUsageEvent(
  deps: UsageEventDeps,
  outcome: UsageOutcome,
  event: UsageEvent,
): Promise<SettleResult> {
  const [result] = await applyUsageEvents(deps, outcome, [event]);
  return result!;
}

/**
 * Releases that found no hold leave a tombstone (see voidUnreservedHolds). A member's account is opened first, as
 * their first reserve would have; a guest event without a usable address has nothing a reserve could match.
 */
async function voidUnreserved(
  tx: CreditsTransaction,
  events: readonly UsageEvent[],
  results: readonly SettleResult[],
  now: Date,
): Promise<void> {
  const unknown = new Set(
    results.filter((r) => r.fresh && r.priorStatus === undefined).map((r) => r.eventId),
  );
  const releases: UnreservedRelease[] = [];
  for (const event of events) {
    if (!unknown.has(usageEventId(event.requestId, 'released'))) continue;
    unknown.delete(usageEventId(event.requestId, 'released'));
    if (event.userId) releases.push({ requestId: event.requestId, tool: event.tool, userId: event.userId });
    else {
      const visitorIp = guestAddress(event.guestIp);
      if (visitorIp) releases.push({ requestId: event.requestId, tool: event.tool, visitorIp });
    }
  }
  const members = [...new Set(releases.flatMap((r) => (r.userId ? [r.userId] : [])))].sort();
  for (const userId of members) await ensureAccount(tx, userId, now);
  await tx.voidUnreservedHolds(releases, now);
}

/**
 * A commit whose hold the sweeper expired first is still charged (see commitExpiredHolds): the member has the
 * result. Marks those results applied. A hold read as `held` that the settlement did not move was expired by the
 * sweeper while the statement waited for its row (the statement's read predates the sweeper's commit): it is a
 * candidate too, and commitExpiredHolds, reading the hold afresh, charges it only if it is expired now.
 */
async function commitLate(
  tx: CreditsTransaction,
  inputs: ReadonlyArray<{ eventId: string; requestId: string }>,
  results: SettleResult[],
  now: Date,
): Promise<SettleResult[]> {
  const late = new Map(
    results
      .filter((r) => r.fresh && !r.applied && (r.priorStatus === 'expired' || r.priorStatus === 'held'))
      .map((r) => [inputs.find((input) => input.eventId === r.eventId)!.requestId, r.eventId]),
  );
  const committed = new Set(await tx.commitExpiredHolds([...late.keys()], now));
  const appliedEvents = new Set(
    [...late].filter(([requestId]) => committed.has(requestId)).map(([, e]) => e),
  );
  return results.map((r) => (appliedEvents.has(r.eventId) ? { ...r, applied: true } : r));
}

// The whole charge of one tool use, in one place (docs/architecture.md#credits, docs/charges.md).
//
// The charge: reserveCharge() holds the credits and returns a Charge that can be committed or released now, by this
// process, or later by any replica from its plain-data ref (a job row, a stop request arriving elsewhere), or
// committed inside the transaction that stores the result (transactional outbox). charge.run(work) settles by the
// product's rule (contracts outcomeOfUnfinishedRun): the work gets an AbortSignal; a run that fails or is stopped is
// released when nothing was delivered and committed once otherwise. A work with a rule of its own (a chat reply
// shown as failed is free: contracts outcomeOfChatReply) settles inside the run with release() or commitIn(), and
// the run keeps that outcome instead of applying its own.
//
// The credits client below it speaks the protocol every tool service uses: reserve over NATS request/reply, then
// report the outcome as a JetStream event (awaited ack, message id `<requestId>:<outcome>` so the server drops
// duplicates), published now or recorded in the service's transactional outbox. Each message of a charge made for an
// HTTP request carries that request's id (REQUEST_ID_HEADER), passed explicitly from the handler (EndpointCall's
// requestId) to reserveCharge and kept by the Charge, so credits' logs name it; each reserve and settlement is
// counted in the service's credits_charges_total. With NATS down a reserve is refused at once (503) rather than
// queued until its timeout, and a release that credits did not take at once is published in the background, retried
// until NATS takes it: never on the request path. Each client is one replica with a lease (docs/charges.md): it
// announces itself on `credits.leases` every lease / 3, and the holds of its synchronous calls name it, so credits
// refunds them soon after the process dies.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import {
  ERROR_TEXTS,
  ErrorCode,
  outcomeOfUnfinishedRun,
  type ApiKeyCharge,
  type ChargeOutcome,
  type ToolCostOptions,
  type ToolId,
} from '@act/contracts';
import {
  REQUEST_ID_HEADER,
  ReleaseNowReplySchema,
  ReserveReplySchema,
  natsNames,
  type ReserveReply,
  type ReplicaLease,
  type ReserveRequest,
  type UsageEvent,
} from '@act/contracts/server';
import type { Db } from './database';
import { AppError, isAppError } from './errors';
import { createLogger, type Logger } from './logger';
import type { ServiceMetrics } from './metrics';
import { isNatsConnected, jetstream, natsHeaders, type MsgHdrs, type NatsConnection } from './nats';
import { sendSpan } from './nats-spans';
import type { Outbox, OutboxMessage } from './outbox';
import { retryWithJitter } from './retry-with-jitter';
import { injectTraceContext, traceHeaderRecord } from './trace-headers';
import { tracingOn } from './tracing';
import { isWorkTimeout } from './work-pool';

/** What identifies a held charge. Plain data: store it with a job, or send it to another replica to settle. */
export interface ChargeRef {
  requestId: string;
  tool: ToolId;
  /** The member; absent for a guest. */
  userId?: string;
  /** The guest's IP (from x-client-ip); required when there is no userId. */
  guestIp?: string;
}

export interface ChargeInput extends Omit<ChargeRef, 'requestId'> {
  /** A request id chosen by the caller (e.g. a message or job id); a new one when absent. */
  requestId?: string;
  /**
   * The id of the HTTP request this charge is made for (the handler's EndpointCall.requestId): sent to credits with
   * the reserve and with every settlement of this Charge, so credits' logs name it. Absent for background work.
   */
  httpRequestId?: string | undefined;
  options?: ToolCostOptions;
  /**
   * False for durable work another replica re-runs if this one dies (voice jobs): its hold is not tied to this
   * replica's lease. Default true: a synchronous call dies with its replica, and credits then refunds it at once.
   */
  leased?: boolean;
  /**
   * The member's personal API key the call came with (the caller's `apiKey`): credits names it on the ledger and
   * tests its monthly limit inside the charge (docs/product-rules.md#personal-api-keys).
   */
  apiKey?: ApiKeyCharge | undefined;
}

export interface RunOptions {
  /**
   * Stops the work from outside: the client went away (requestSignal), the member pressed Stop, shutdown. Handed to
   * the work as it is, so one signal per call, never a process-wide one: the work's listeners land on it.
   */
  signal?: AbortSignal;
}

export interface Charge {
  readonly ref: ChargeRef;
  readonly requestId: string;
  /** The balance after the hold; null for guests. */
  readonly remainingCredits: number | null;
  /** Output reached the member (a streamed word, a stored result): from now on the use is charged, once. */
  markDelivered(): void;
  /** Settles now by publishing the outcome. Settling again with the same outcome is a no-op. */
  commit(): Promise<void>;
  /** Refunds now; resolves with the balance after the refund when credits answered at once (null for guests). */
  release(): Promise<number | null | undefined>;
  /**
   * Records the commit in the caller's transaction, through the service's outbox, so the stored result and its
   * charge commit together. Inside run(), make it the last step of the work's transaction.
   */
  commitIn(tx: Db, outbox: Outbox): Promise<void>;
  /**
   * Runs the work once and settles the charge by the rule above; rethrows the work's error. An outcome the work
   * chose itself (commit(), release(), commitIn()) is kept: a work that released returns normally, even if stopped.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<T>;
}

/** An AppError for a refused reserve, with the needsSignup flag the browser looks for on a spent guest trial. */
export function reserveRefusal(reply: Extract<ReserveReply, { ok: false }>): AppError {
  return new AppError(reply.code, reply.message, reply.needsSignup ? { details: { needsSignup: true } } : {});
}

function usageEvent(ref: ChargeRef): UsageEvent {
  return {
    requestId: ref.requestId,
    tool: ref.tool,
    ...(ref.userId ? { userId: ref.userId } : { guestIp: ref.guestIp }),
    at: new Date().toISOString(),
  };
}

/**
 * The outcome of a charge as an outbox message, for a transaction that stores a result (or a failure) made by any
 * replica from the charge's ref (the jobs runner).
 */
export function settlementMessage(credits: CreditsClient, ref: ChargeRef, outcome: ChargeOutcome) {
  // Background work (a job settled by whichever replica ran it): no HTTP request to name.
  return credits.usageMessage(outcome, usageEvent(ref));
}

/**
 * Settles a charge from its ref, in any process: credits finds the hold by request id, applies each outcome once,
 * and a hold leaves `held` only once (so a second, different outcome changes nothing).
 */
export async function settleCharge(
  credits: CreditsClient,
  ref: ChargeRef,
  outcome: ChargeOutcome,
  httpRequestId?: string,
): Promise<number | null | undefined> {
  const event = usageEvent(ref);
  if (outcome === 'released') return credits.release(event, httpRequestId);
  await credits.commit(event, httpRequestId);
  return undefined;
}

/** Holds the credits for one use; throws the refusal (insufficient credits, guest try spent) as an AppError. */
export async function reserveCharge(
  credits: CreditsClient,
  {
    requestId = randomUUID(),
    tool,
    userId,
    guestIp,
    options,
    leased = true,
    httpRequestId,
    apiKey,
  }: ChargeInput,
): Promise<Charge> {
  const ref: ChargeRef = { requestId, tool, ...(userId ? { userId } : { guestIp }) };
  const request: ReserveRequest = {
    ...ref,
    ...(options ? { options } : {}),
    ...(apiKey && userId ? { apiKey } : {}),
    ...(leased && credits.lease ? { lease: credits.lease } : {}),
  };
  let reply: ReserveReply;
  try {
    reply = await credits.reserve(request, httpRequestId);
  } catch (error) {
    // The reserve may have landed even though its reply did not: release it now instead of waiting for the sweeper
    // (at most the 1 s immediate refund; the durable event goes out in the background). One never sent needs none.
    if (!(isAppError(error) && error.cause instanceof ReserveNotSentError))
      await settleCharge(credits, ref, 'released', httpRequestId).catch(() => undefined);
    throw error;
  }
  if (!reply.ok) throw reserveRefusal(reply);
  return heldCharge(credits, ref, reply.remainingCredits, httpRequestId);
}

function heldCharge(
  credits: CreditsClient,
  ref: ChargeRef,
  remainingCredits: number | null,
  httpRequestId: string | undefined,
): Charge {
  /** The outcome, and its settlement (resolving with the balance after a refund, when known). */
  let settled: { outcome: ChargeOutcome; done: Promise<number | null | undefined> } | undefined;
  let delivered = false;
  let ran = false;
  /** The outbox that holds this charge's commit in a transaction not yet known to have committed. */
  let pendingOutbox: Outbox | undefined;
  /** The outcome the caller chose with commit() or release() (kept by run() even when its publish failed). */
  let chosen: ChargeOutcome | undefined;

  const settle = (outcome: ChargeOutcome): Promise<number | null | undefined> => {
    if (settled) {
      if (settled.outcome !== outcome) {
        throw new Error(`charge ${ref.requestId} is already ${settled.outcome}; it cannot be ${outcome} too`);
      }
      return settled.done;
    }
    const done = settleCharge(credits, ref, outcome, httpRequestId).catch((error: unknown) => {
      // Not published: let a later call try again (the sweeper refunds a hold nothing settles).
      settled = undefined;
      throw error;
    });
    settled = { outcome, done };
    return done;
  };

  const charge: Charge = {
    ref,
    requestId: ref.requestId,
    remainingCredits,
    markDelivered() {
      delivered = true;
    },
    commit: async () => {
      const done = settle('committed');
      chosen = 'committed';
      await done;
    },
    release: () => {
      const done = settle('released');
      chosen = 'released';
      return done;
    },
    async commitIn(tx, outbox) {
      if (settled) {
        if (settled.outcome === 'committed') return;
        throw new Error(`charge ${ref.requestId} is already released; it cannot be committed too`);
      }
      await outbox.enqueue(tx, credits.usageMessage('committed', usageEvent(ref), httpRequestId));
      pendingOutbox = outbox;
      if (!ran) {
        // Outside run() the caller owns the transaction; treat the commit as recorded once it is enqueued.
        settled = { outcome: 'committed', done: Promise.resolve(undefined) };
      }
    },
    run,
  };

  async function run<R>(work: (signal: AbortSignal) => Promise<R>, { signal }: RunOptions = {}): Promise<R> {
    if (ran) throw new Error(`charge ${ref.requestId} has already run`);
    ran = true;
    // The caller's signal itself, not a controller mirroring it: a chat reply's run lasts as long as the reply, and
    // a mirror is one AbortController and listener more per open reply (docs/architecture.md#performance). A run
    // without one gets a signal of its own that never aborts (never a shared one: works leave listeners on it).
    const stopped = signal ?? new AbortController().signal;
    let result: R;
    try {
      result = await work(stopped);
    } catch (error) {
      // The transaction that recorded a commit (if any) did not complete: settle by the rule instead.
      pendingOutbox = undefined;
      // A guest whose work ran until its time budget was cancelled has used the free try: releasing it would
      // let one visitor keep the local workers busy for nothing, call after call. Members never pay a failure.
      const spentGuestTry = !ref.userId && isWorkTimeout(error);
      const outcome = chosen ?? outcomeOfUnfinishedRun(delivered || spentGuestTry);
      const balance = await settle(outcome).catch(() => undefined);
      // Refunded before the member hears of the failure: the reply shows the balance they really have.
      if (isAppError(error) && typeof balance === 'number') error.details.remainingCredits ??= balance;
      throw error;
    }
    if (pendingOutbox) {
      settled = { outcome: 'committed', done: Promise.resolve(undefined) };
      pendingOutbox.trigger();
    } else if (chosen) {
      // Settled by the work's own rule (a chat reply released because it is shown as failed, or stopped before
      // any text): neither committed over it nor thrown as a stop. A release whose publish failed is swept.
    } else if (stopped.aborted && !delivered) {
      // Stopped before anything reached the member (a one-shot reply whose client hung up): nothing to pay.
      await settle('released').catch(() => undefined);
      throw stopped.reason;
    } else {
      await settle('committed');
    }
    return result;
  }
  return charge;
}

export interface ChargedToolResult<R> {
  result: R;
  /** The balance after this use; null for guests. */
  remainingCredits: number | null;
}

/** One charged one-shot tool use: reserve, run the work with the signal, settle by the rule. */
export async function runChargedTool<R>(
  credits: CreditsClient,
  input: ChargeInput,
  work: (signal: AbortSignal) => Promise<R>,
  options: RunOptions = {},
): Promise<ChargedToolResult<R>> {
  const charge = await reserveCharge(credits, input);
  const result = await charge.run(work, options);
  return { result, remainingCredits: charge.remainingCredits };
}

/**
 * An AbortSignal that aborts when the client goes away before its reply was written (the response closes
 * unfinished), so work done for nobody can stop and a one-shot tool's hold is released.
 */
export function requestSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const response = ctx.res;
  const clientLeft = () => {
    if (!response.writableFinished) {
      controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    }
  };
  // Asked for late (after a slow upload or check), the client may already be gone: its 'close' came and went.
  if (ctx.req.socket.destroyed) clientLeft();
  else response.once('close', clientLeft);
  return controller.signal;
}

// --- The credits client: the NATS and JetStream side of reserve, commit and release ---

export interface CreditsClientOptions {
  nc: NatsConnection;
  /** NATS_NAMESPACE of the deployment (tests use a random one). */
  namespace?: string;
  /** How long to wait for the reserve reply. */
  timeoutMs?: number;
  /** Where background releases report a retry or giving up (default: a logger named credits-client). */
  logger?: Logger;
  /** Where reserves and settlements are counted (credits_charges_total); startService passes the service's. */
  metrics?: ServiceMetrics;
  /**
   * How long credits keeps this replica's leased holds after it last announced itself (CHARGE_LEASE_MS); it
   * announces every third of it. A call that died with the replica is refunded about this long after.
   */
  leaseMs?: number;
}

/** Default CHARGE_LEASE_MS: a dead replica's holds are refunded within about half a minute. */
export const DEFAULT_CHARGE_LEASE_MS = 15_000;

export interface CreditsClient {
  /** This replica and its lease: reserveCharge sends it with a synchronous call's reserve (absent: no lease). */
  readonly lease?: { replica: string; ms: number };
  // Each call takes the id of the HTTP request it is made for (absent outside one), sent as REQUEST_ID_HEADER.
  reserve(request: ReserveRequest, httpRequestId?: string): Promise<ReserveReply>;
  /** The tool use succeeded: credits records it in tool_usage. */
  commit(event: UsageEvent, httpRequestId?: string): Promise<void>;
  /**
   * The tool use failed: credits refunds the hold. Asks credits to refund now (request/reply, at most 1 s; not even
   * tried while NATS is disconnected) and resolves with the balance after the refund (null for guests); otherwise
   * resolves with undefined at once and publishes the usage.released event in the background, retried until NATS
   * takes it, which credits applies when it can. Never rejects.
   */
  release(event: UsageEvent, httpRequestId?: string): Promise<number | null | undefined>;
  /** Resolves once every release handed to the background so far was published or given up on (tests, shutdown). */
  releasesPublished(): Promise<void>;
  /** The same outcome as a message for a transactional outbox (same subject and message id as commit/release). */
  usageMessage(outcome: ChargeOutcome, event: UsageEvent, httpRequestId?: string): OutboxMessage;
}

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_RETRY_MS = 200;

/** How long a failed call waits for its immediate refund before falling back to the durable event. */
const RELEASE_NOW_TIMEOUT_MS = 1_000;
/** Background release publishing: first back-off step, doubling up to the maximum (each wait jittered). */
const RELEASE_RETRY_MS = 250;
const RELEASE_RETRY_MAX_MS = 10_000;
/**
 * After this long a background release stops trying (the default HOLD_TTL_MS): by then credits' hold sweeper has
 * refunded the hold anyway. A process that stops meanwhile leaves the refund to the sweeper too.
 */
const RELEASE_GIVE_UP_MS = 600_000;

/** The NATS headers naming the HTTP request a message is sent for and the active span; undefined when neither. */
function requestHeaders(httpRequestId: string | undefined): MsgHdrs | undefined {
  if (!httpRequestId && !tracingOn()) return undefined;
  const h = natsHeaders();
  if (httpRequestId) h.set(REQUEST_ID_HEADER, httpRequestId);
  injectTraceContext(h);
  return h;
}

/**
 * requestHeaders as a record, stored with an outbox row and published with it: credits' consumer joins the trace of
 * the call that settled.
 */
function recordedHeaders(httpRequestId: string | undefined): { headers?: Record<string, string> } {
  if (!httpRequestId && !tracingOn()) return {};
  const headers = traceHeaderRecord();
  if (httpRequestId) headers[REQUEST_ID_HEADER] = httpRequestId;
  return { headers };
}

/** The cause of a reserve refused before it was sent (NATS disconnected): credits holds nothing for it. */
export class ReserveNotSentError extends Error {
  constructor() {
    super('NATS is disconnected: the reserve was not sent');
    this.name = 'ReserveNotSentError';
  }
}

function serviceUnavailable(cause: unknown): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, { cause });
}

export function createCreditsClient({
  nc,
  namespace,
  timeoutMs = 5_000,
  logger = createLogger({ name: 'credits-client' }),
  metrics,
  leaseMs = DEFAULT_CHARGE_LEASE_MS,
}: CreditsClientOptions): CreditsClient {
  const names = natsNames(namespace);
  const js = jetstream(nc);
  const inBackground = new Set<Promise<void>>();

  // A new id per process: a restarted replica is a new one, and the old one's silence frees its holds.
  const lease = { replica: randomUUID(), ms: leaseMs };
  const announcement = JSON.stringify({ replica: lease.replica, leaseMs } satisfies ReplicaLease);
  const announce = () => {
    if (!isNatsConnected(nc)) return;
    try {
      nc.publish(names.chargeLeases, announcement);
    } catch (error) {
      logger.warn({ err: error }, 'could not announce this replica to credits');
    }
  };
  announce();
  const announcer = setInterval(announce, Math.max(50, Math.floor(leaseMs / 3)));
  announcer.unref();
  void nc.closed().finally(() => clearInterval(announcer));

  // Retrying is safe: the message id makes JetStream keep one copy, and credits applies each event once anyway.
  const subjects = { committed: names.usageCommitted, released: names.usageReleased } as const;
  const messageOf = (
    outcome: ChargeOutcome,
    event: UsageEvent,
    httpRequestId: string | undefined,
  ): OutboxMessage => ({
    subject: subjects[outcome],
    msgId: `${event.requestId}:${outcome}`,
    payload: event,
    ...recordedHeaders(httpRequestId),
  });

  const publish = (outcome: ChargeOutcome, event: UsageEvent, httpRequestId: string | undefined) =>
    sendSpan('publish', subjects[outcome], () => publishNow(outcome, event, httpRequestId));
  const publishNow = async (outcome: ChargeOutcome, event: UsageEvent, httpRequestId: string | undefined) => {
    const { subject, msgId } = messageOf(outcome, event, httpRequestId);
    const headers = requestHeaders(httpRequestId);
    let lastError: unknown;
    for (let attempt = 1; attempt <= PUBLISH_ATTEMPTS; attempt += 1) {
      try {
        await js.publish(subject, JSON.stringify(event), { msgID: msgId, ...(headers ? { headers } : {}) });
        metrics?.countCharge(event.tool, outcome);
        return;
      } catch (error) {
        lastError = error;
        if (attempt < PUBLISH_ATTEMPTS)
          await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_MS * attempt));
      }
    }
    throw serviceUnavailable(lastError);
  };

  /** Publishes usage.released off the request path, retrying (while NATS is back) until JetStream acks it. */
  const releaseLater = (event: UsageEvent, httpRequestId: string | undefined) => {
    const { subject, msgId } = messageOf('released', event, httpRequestId);
    const headers = requestHeaders(httpRequestId);
    // In the logs: the HTTP request's id (as on its other lines) and the charge's own id.
    const ids = { ...(httpRequestId ? { requestId: httpRequestId } : {}), chargeId: event.requestId };
    const task = retryWithJitter(
      async (attempt) => {
        // Not even tried while disconnected: nats.js would hold the publish until its timeout.
        if (!isNatsConnected(nc)) throw new Error('NATS is disconnected: the release was not sent');
        await js.publish(subject, JSON.stringify(event), { msgID: msgId, ...(headers ? { headers } : {}) });
        if (attempt > 1) logger.info({ ...ids, attempt }, 'release published after retries');
      },
      {
        firstDelayMs: RELEASE_RETRY_MS,
        maxDelayMs: RELEASE_RETRY_MAX_MS,
        giveUpAfterMs: RELEASE_GIVE_UP_MS,
        retryIf: () => !nc.isClosed(),
        onRetry: (error, attempt) => {
          if (attempt === 1) logger.warn({ ...ids, err: error }, 'release not published yet; retrying');
        },
        // A pending retry never keeps a stopping process alive.
        unref: true,
      },
    ).catch((error: unknown) => {
      logger.error({ ...ids, err: error }, 'gave up publishing a release; the hold sweeper refunds it');
    });
    inBackground.add(task);
    void task.finally(() => inBackground.delete(task));
  };

  return {
    lease,
    async reserve(request, httpRequestId) {
      // Not sent at all: nats.js would queue it until the connection is back or the timeout passes, keeping the
      // member waiting for an answer that is already known. Nothing was held, so there is nothing to release.
      if (!isNatsConnected(nc)) {
        metrics?.countCharge(request.tool, 'unavailable');
        throw serviceUnavailable(new ReserveNotSentError());
      }
      let data: Uint8Array;
      try {
        // The deadline tells credits when this caller stops waiting, so a reserve delayed past it is never charged.
        const deadline = new Date(Date.now() + timeoutMs).toISOString();
        const reply = await sendSpan('request', names.reserve, () => {
          const headers = requestHeaders(httpRequestId);
          return nc.request(names.reserve, JSON.stringify({ deadline, ...request }), {
            timeout: timeoutMs,
            ...(headers ? { headers } : {}),
          });
        });
        data = reply.data;
      } catch (error) {
        metrics?.countCharge(request.tool, 'unavailable');
        throw serviceUnavailable(error);
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(data));
      } catch (error) {
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: error });
      }
      const parsed = ReserveReplySchema.safeParse(body);
      if (!parsed.success) {
        metrics?.countCharge(request.tool, 'unavailable');
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: parsed.error });
      }
      const reply = parsed.data;
      metrics?.countCharge(
        request.tool,
        reply.ok ? 'reserved' : reply.code === ErrorCode.SERVICE_UNAVAILABLE ? 'unavailable' : 'refused',
      );
      return reply;
    },
    commit: (event, httpRequestId) => publish('committed', event, httpRequestId),
    async release(event, httpRequestId) {
      // Counted once handed over: refunded now, or published in the background (the sweeper refunds the rest).
      metrics?.countCharge(event.tool, 'released');
      if (isNatsConnected(nc)) {
        try {
          const reply = await sendSpan('request', names.releaseNow, () => {
            const headers = requestHeaders(httpRequestId);
            return nc.request(names.releaseNow, JSON.stringify(event), {
              timeout: Math.min(RELEASE_NOW_TIMEOUT_MS, timeoutMs),
              ...(headers ? { headers } : {}),
            });
          });
          const parsed = ReleaseNowReplySchema.safeParse(JSON.parse(new TextDecoder().decode(reply.data)));
          if (parsed.success && parsed.data.ok) return parsed.data.remainingCredits;
        } catch {
          // No answer in time (credits busy or away): the durable event below does the refund later.
        }
      }
      releaseLater(event, httpRequestId);
      return undefined;
    },
    async releasesPublished() {
      while (inBackground.size > 0) await Promise.all(inBackground);
    },
    usageMessage(outcome, event, httpRequestId) {
      // Recorded in the caller's transaction, which the outbox relay publishes: counted as settled here.
      metrics?.countCharge(event.tool, outcome);
      return messageOf(outcome, event, httpRequestId);
    },
  };
}

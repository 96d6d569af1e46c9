// The credits protocol as every tool service speaks it: reserve over NATS request/reply, then report the outcome as
// a JetStream event (awaited ack, message id `<requestId>:<outcome>` so the server drops duplicates), published now
// or recorded in the service's transactional outbox. Charges built on it live in charged-run.ts.
// Each message carries the id of the HTTP request it was sent for (REQUEST_ID_HEADER), so credits' logs name it, and
// each reserve and settlement is counted in the service's credits_charges_total.
// With NATS down a reserve is refused at once (503) rather than queued until its timeout, and a release that credits
// did not take at once is published in the background, retried until NATS takes it: never on the request path.
// Each client is one replica with a lease (docs/charges.md): it announces itself on `credits.leases` every lease / 3,
// and the holds of its synchronous calls name it, so credits refunds them soon after the process dies.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, ErrorCode, type ChargeOutcome } from '@act/contracts';
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
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from 'nats';
import { AppError } from './errors';
import { createLogger, type Logger } from './logger';
import type { ServiceMetrics } from './metrics';
import { isNatsConnected } from './nats';
import type { OutboxMessage } from './outbox';
import { currentRequestId } from './request-context';

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
  reserve(request: ReserveRequest): Promise<ReserveReply>;
  /** The tool use succeeded: credits records it in tool_usage. */
  commit(event: UsageEvent): Promise<void>;
  /**
   * The tool use failed: credits refunds the hold. Asks credits to refund now (request/reply, at most 1 s; not even
   * tried while NATS is disconnected) and resolves with the balance after the refund (null for guests); otherwise
   * resolves with undefined at once and publishes the usage.released event in the background, retried until NATS
   * takes it, which credits applies when it can. Never rejects.
   */
  release(event: UsageEvent): Promise<number | null | undefined>;
  /** Resolves once every release handed to the background so far was published or given up on (tests, shutdown). */
  releasesPublished(): Promise<void>;
  /** The same outcome as a message for a transactional outbox (same subject and message id as commit/release). */
  usageMessage(outcome: ChargeOutcome, event: UsageEvent): OutboxMessage;
}

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_RETRY_MS = 200;

/** How long a failed call waits for its immediate refund before falling back to the durable event. */
const RELEASE_NOW_TIMEOUT_MS = 1_000;
/** Background release publishing: first retry after this, doubling up to the maximum. */
const RELEASE_RETRY_MS = 250;
const RELEASE_RETRY_MAX_MS = 10_000;
/**
 * After this long a background release stops trying (the default HOLD_TTL_MS): by then credits' hold sweeper has
 * refunded the hold anyway. A process that stops meanwhile leaves the refund to the sweeper too.
 */
const RELEASE_GIVE_UP_MS = 600_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // A pending retry never keeps a stopping process alive.
    setTimeout(resolve, ms).unref();
  });

/** The NATS headers naming the HTTP request a message is sent for; undefined outside a request. */
function requestHeaders(requestId: string | undefined): MsgHdrs | undefined {
  if (!requestId) return undefined;
  const h = natsHeaders();
  h.set(REQUEST_ID_HEADER, requestId);
  return h;
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
  const js = nc.jetstream();
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
  const messageOf = (outcome: ChargeOutcome, event: UsageEvent): OutboxMessage => {
    const requestId = currentRequestId();
    return {
      subject: subjects[outcome],
      msgId: `${event.requestId}:${outcome}`,
      payload: event,
      ...(requestId ? { headers: { [REQUEST_ID_HEADER]: requestId } } : {}),
    };
  };

  const publish = async (outcome: ChargeOutcome, event: UsageEvent) => {
    const { subject, msgId } = messageOf(outcome, event);
    const headers = requestHeaders(currentRequestId());
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
  const releaseLater = (event: UsageEvent) => {
    const { subject, msgId } = messageOf('released', event);
    const requestId = currentRequestId();
    const headers = requestHeaders(requestId);
    // In the logs: the HTTP request's id (as on its other lines) and the charge's own id.
    const ids = { ...(requestId ? { requestId } : {}), chargeId: event.requestId };
    const task = (async () => {
      const started = Date.now();
      let lastError: unknown;
      for (let attempt = 1; ; attempt += 1) {
        if (isNatsConnected(nc)) {
          try {
            await js.publish(subject, JSON.stringify(event), {
              msgID: msgId,
              ...(headers ? { headers } : {}),
            });
            if (attempt > 1) logger.info({ ...ids, attempt }, 'release published after retries');
            return;
          } catch (error) {
            lastError = error;
          }
        }
        if (attempt === 1) logger.warn({ ...ids, err: lastError }, 'release not published yet; retrying');
        if (nc.isClosed() || Date.now() - started > RELEASE_GIVE_UP_MS) {
          logger.error(
            { ...ids, err: lastError },
            'gave up publishing a release; the hold sweeper refunds it',
          );
          return;
        }
        await sleep(Math.min(RELEASE_RETRY_MAX_MS, RELEASE_RETRY_MS * 2 ** (attempt - 1)));
      }
    })();
    inBackground.add(task);
    void task.finally(() => inBackground.delete(task));
  };

  return {
    lease,
    async reserve(request) {
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
        const headers = requestHeaders(currentRequestId());
        const reply = await nc.request(names.reserve, JSON.stringify({ deadline, ...request }), {
          timeout: timeoutMs,
          ...(headers ? { headers } : {}),
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
    commit: (event) => publish('committed', event),
    async release(event) {
      // Counted once handed over: refunded now, or published in the background (the sweeper refunds the rest).
      metrics?.countCharge(event.tool, 'released');
      if (isNatsConnected(nc)) {
        try {
          const headers = requestHeaders(currentRequestId());
          const reply = await nc.request(names.releaseNow, JSON.stringify(event), {
            timeout: Math.min(RELEASE_NOW_TIMEOUT_MS, timeoutMs),
            ...(headers ? { headers } : {}),
          });
          const parsed = ReleaseNowReplySchema.safeParse(JSON.parse(new TextDecoder().decode(reply.data)));
          if (parsed.success && parsed.data.ok) return parsed.data.remainingCredits;
        } catch {
          // No answer in time (credits busy or away): the durable event below does the refund later.
        }
      }
      releaseLater(event);
      return undefined;
    },
    async releasesPublished() {
      while (inBackground.size > 0) await Promise.all(inBackground);
    },
    usageMessage(outcome, event) {
      // Recorded in the caller's transaction, which the outbox relay publishes: counted as settled here.
      metrics?.countCharge(event.tool, outcome);
      return messageOf(outcome, event);
    },
  };
}

// The credits client: the protocol every tool service speaks to credits (docs/charges.md). A reserve is a NATS
// request/reply; the outcome is a JetStream event (usage-publisher.ts). With NATS down a reserve is refused at once
// (503) rather than queued until its timeout. Each client is one replica with a lease: it announces itself on
// `credits.leases` every lease / 3, and the holds of its synchronous calls name it, so credits refunds them soon
// after the process dies. Each reserve and settlement is counted in the service's credits_charges_total.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, ErrorCode, type ChargeOutcome } from '@act/contracts';
import {
  ReleaseNowReplySchema,
  ReserveReplySchema,
  natsNames,
  type ReplicaLease,
  type ReserveReply,
  type ReserveRequest,
  type UsageEvent,
} from '@act/contracts/server';
import { AppError } from '../errors';
import { createLogger, type Logger } from '../logger';
import type { ServiceMetrics } from '../metrics';
import { isNatsConnected, jetstream, type NatsConnection } from '../nats';
import { sendSpan } from '../nats-spans';
import type { OutboxMessage } from '../outbox';
import { createUsagePublisher, requestHeaders, serviceUnavailable } from './usage-publisher';

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

/** How long a failed call waits for its immediate refund before falling back to the durable event. */
const RELEASE_NOW_TIMEOUT_MS = 1_000;

/** The cause of a reserve refused before it was sent (NATS disconnected): credits holds nothing for it. */
export class ReserveNotSentError extends Error {
  constructor() {
    super('NATS is disconnected: the reserve was not sent');
    this.name = 'ReserveNotSentError';
  }
}

/** Announces this replica on `credits.leases` every lease / 3 until the connection closes; returns its lease. */
function announceLease(nc: NatsConnection, subject: string, leaseMs: number, logger: Logger) {
  // A new id per process: a restarted replica is a new one, and the old one's silence frees its holds.
  const lease = { replica: randomUUID(), ms: leaseMs };
  const announcement = JSON.stringify({ replica: lease.replica, leaseMs } satisfies ReplicaLease);
  const announce = () => {
    if (!isNatsConnected(nc)) return;
    try {
      nc.publish(subject, announcement);
    } catch (error) {
      logger.warn({ err: error }, 'could not announce this replica to credits');
    }
  };
  announce();
  const announcer = setInterval(announce, Math.max(50, Math.floor(leaseMs / 3)));
  announcer.unref();
  void nc.closed().finally(() => clearInterval(announcer));
  return lease;
}

/** One decoder for every reply (one per call was an object more per charged call). */
const utf8 = new TextDecoder();

/** Credits' answer to a reserve, parsed; an answer that is not one is an internal error. */
function parseReserveReply(data: Uint8Array): ReserveReply | { invalid: unknown } {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(data));
  } catch (error) {
    throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: error });
  }
  const parsed = ReserveReplySchema.safeParse(body);
  return parsed.success ? parsed.data : { invalid: parsed.error };
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
  const usage = createUsagePublisher({ nc, js: jetstream(nc), names, logger, metrics });
  const lease = announceLease(nc, names.chargeLeases, leaseMs, logger);

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
      const reply = parseReserveReply(data);
      if ('invalid' in reply) {
        metrics?.countCharge(request.tool, 'unavailable');
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: reply.invalid });
      }
      metrics?.countCharge(
        request.tool,
        reply.ok ? 'reserved' : reply.code === ErrorCode.SERVICE_UNAVAILABLE ? 'unavailable' : 'refused',
      );
      return reply;
    },
    commit: (event, httpRequestId) => usage.publish('committed', event, httpRequestId),
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
          const parsed = ReleaseNowReplySchema.safeParse(JSON.parse(utf8.decode(reply.data)));
          if (parsed.success && parsed.data.ok) return parsed.data.remainingCredits;
        } catch {
          // No answer in time (credits busy or away): the durable event below does the refund later.
        }
      }
      usage.releaseLater(event, httpRequestId);
      return undefined;
    },
    releasesPublished: () => usage.releasesPublished(),
    usageMessage(outcome, event, httpRequestId) {
      // Recorded in the caller's transaction, which the outbox relay publishes: counted as settled here.
      metrics?.countCharge(event.tool, outcome);
      return usage.messageOf(outcome, event, httpRequestId);
    },
  };
}

// How a charge's outcome reaches credits as a JetStream event (docs/charges.md): usage.committed or usage.released,
// with an awaited ack and the message id `<requestId>:<outcome>` so the server drops duplicates, published now,
// recorded in the service's transactional outbox, or (a release credits did not take at once) published in the
// background, retried until NATS takes it: never on the request path. Each message names the HTTP request it is
// made for (REQUEST_ID_HEADER) and the active span, so credits' logs and traces join the call's.
import { ERROR_TEXTS, ErrorCode, type ChargeOutcome } from '@act/contracts';
import { REQUEST_ID_HEADER, type UsageEvent, type natsNames } from '@act/contracts/server';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../metrics';
import {
  isNatsConnected,
  natsHeaders,
  type JetStreamClient,
  type MsgHdrs,
  type NatsConnection,
} from '../nats';
import { sendSpan } from '../nats-spans';
import type { OutboxMessage } from '../outbox';
import { retryWithJitter } from '../retry-with-jitter';
import { injectTraceContext, traceHeaderRecord } from '../trace-headers';
import { tracingOn } from '../tracing';

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_RETRY_MS = 200;

/** Background release publishing: first back-off step, doubling up to the maximum (each wait jittered). */
const RELEASE_RETRY_MS = 250;
const RELEASE_RETRY_MAX_MS = 10_000;
/**
 * After this long a background release stops trying (the default HOLD_TTL_MS): by then credits' hold sweeper has
 * refunded the hold anyway. A process that stops meanwhile leaves the refund to the sweeper too.
 */
const RELEASE_GIVE_UP_MS = 600_000;

/** The NATS headers naming the HTTP request a message is sent for and the active span; undefined when neither. */
export function requestHeaders(httpRequestId: string | undefined): MsgHdrs | undefined {
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

export function serviceUnavailable(cause: unknown): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, { cause });
}

export interface UsagePublisherOptions {
  nc: NatsConnection;
  js: JetStreamClient;
  names: ReturnType<typeof natsNames>;
  logger: Logger;
  metrics: ServiceMetrics | undefined;
}

export interface UsagePublisher {
  /** The outcome as a message: its subject, message id, payload and headers (for the outbox, or to publish). */
  messageOf(outcome: ChargeOutcome, event: UsageEvent, httpRequestId: string | undefined): OutboxMessage;
  /** Publishes now, a few attempts; throws a 503 AppError when JetStream never acked. */
  publish(outcome: ChargeOutcome, event: UsageEvent, httpRequestId: string | undefined): Promise<void>;
  /** Publishes usage.released off the request path, retrying (while NATS is back) until JetStream acks it. */
  releaseLater(event: UsageEvent, httpRequestId: string | undefined): void;
  /** Resolves once every release handed to the background so far was published or given up on. */
  releasesPublished(): Promise<void>;
}

export function createUsagePublisher({
  nc,
  js,
  names,
  logger,
  metrics,
}: UsagePublisherOptions): UsagePublisher {
  const inBackground = new Set<Promise<void>>();
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
    messageOf,
    publish: (outcome, event, httpRequestId) =>
      sendSpan('publish', subjects[outcome], () => publishNow(outcome, event, httpRequestId)),
    releaseLater,
    async releasesPublished() {
      while (inBackground.size > 0) await Promise.all(inBackground);
    },
  };
}

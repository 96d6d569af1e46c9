// The credits protocol as every tool service speaks it: reserve over NATS request/reply, then report the outcome as
// a JetStream event (awaited ack, message id `<requestId>:<outcome>` so the server drops duplicates), published now
// or recorded in the service's transactional outbox. Charges built on it live in charged-run.ts.
import { ERROR_TEXTS, ErrorCode, type ChargeOutcome } from '@act/contracts';
import {
  ReleaseNowReplySchema,
  ReserveReplySchema,
  natsNames,
  type ReserveReply,
  type ReserveRequest,
  type UsageEvent,
} from '@act/contracts/server';
import type { NatsConnection } from 'nats';
import { AppError } from './errors';
import type { OutboxMessage } from './outbox';

export interface CreditsClientOptions {
  nc: NatsConnection;
  /** NATS_NAMESPACE of the deployment (tests use a random one). */
  namespace?: string;
  /** How long to wait for the reserve reply. */
  timeoutMs?: number;
}

export interface CreditsClient {
  reserve(request: ReserveRequest): Promise<ReserveReply>;
  /** The tool use succeeded: credits records it in tool_usage. */
  commit(event: UsageEvent): Promise<void>;
  /**
   * The tool use failed: credits refunds the hold. Asks credits to refund now (request/reply) and resolves with the
   * balance after the refund (null for guests); when credits does not answer at once, publishes the usage.released
   * event instead, which credits applies when it can, and resolves with undefined.
   */
  release(event: UsageEvent): Promise<number | null | undefined>;
  /** The same outcome as a message for a transactional outbox (same subject and message id as commit/release). */
  usageMessage(outcome: ChargeOutcome, event: UsageEvent): OutboxMessage;
}

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_RETRY_MS = 200;

/** How long a failed call waits for its immediate refund before falling back to the durable event. */
const RELEASE_NOW_TIMEOUT_MS = 1_000;

export function createCreditsClient({
  nc,
  namespace,
  timeoutMs = 5_000,
}: CreditsClientOptions): CreditsClient {
  const names = natsNames(namespace);
  const js = nc.jetstream();

  // Retrying is safe: the message id makes JetStream keep one copy, and credits applies each event once anyway.
  const subjects = { committed: names.usageCommitted, released: names.usageReleased } as const;
  const usageMessage = (outcome: ChargeOutcome, event: UsageEvent): OutboxMessage => ({
    subject: subjects[outcome],
    msgId: `${event.requestId}:${outcome}`,
    payload: event,
  });

  const publish = async (outcome: ChargeOutcome, event: UsageEvent) => {
    const { subject, msgId } = usageMessage(outcome, event);
    let lastError: unknown;
    for (let attempt = 1; attempt <= PUBLISH_ATTEMPTS; attempt += 1) {
      try {
        await js.publish(subject, JSON.stringify(event), { msgID: msgId });
        return;
      } catch (error) {
        lastError = error;
        if (attempt < PUBLISH_ATTEMPTS)
          await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_MS * attempt));
      }
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
      cause: lastError,
    });
  };

  return {
    async reserve(request) {
      let data: Uint8Array;
      try {
        // The deadline tells credits when this caller stops waiting, so a reserve delayed past it is never charged.
        const deadline = new Date(Date.now() + timeoutMs).toISOString();
        const reply = await nc.request(names.reserve, JSON.stringify({ deadline, ...request }), {
          timeout: timeoutMs,
        });
        data = reply.data;
      } catch (error) {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
          cause: error,
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(data));
      } catch (error) {
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: error });
      }
      const parsed = ReserveReplySchema.safeParse(body);
      if (!parsed.success) {
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: parsed.error });
      }
      return parsed.data;
    },
    commit: (event) => publish('committed', event),
    async release(event) {
      try {
        const reply = await nc.request(names.releaseNow, JSON.stringify(event), {
          timeout: Math.min(RELEASE_NOW_TIMEOUT_MS, timeoutMs),
        });
        const parsed = ReleaseNowReplySchema.safeParse(JSON.parse(new TextDecoder().decode(reply.data)));
        if (parsed.success && parsed.data.ok) return parsed.data.remainingCredits;
      } catch {
        // No answer in time (credits busy or away): the durable event below does the refund later.
      }
      await publish('released', event);
      return undefined;
    },
    usageMessage,
  };
}

// Runs a handler over a durable JetStream pull consumer, read through nats.js v3's `consume()` (which keeps pulls
// open and refills them as messages are settled): messages are taken in batches (whatever has arrived, up to
// a limit) so one database transaction can apply many of them, several batches run at once, each message is acked
// only after its database commit, failures are retried with back-off, and after the last allowed delivery a
// message goes to the dead-letter subject with an error log, so a poison message never blocks the rest.
// ensureDurableConsumer creates (or updates) the durable pull consumer such a worker reads.
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  jetstream,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { z } from 'zod';
import type { Logger } from './logger';
import { jetStreamApiCode, type NatsConnection } from './nats';
import { processBatchSpan, processSpan } from './nats-spans';

/** Thrown by a handler for a message that can never succeed (bad JSON, schema mismatch): dead-letter at once. */
export class PoisonMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PoisonMessageError';
  }
}

/**
 * A message's JSON body checked by its event schema: the event, or a PoisonMessageError (dead-lettered at once, as
 * no retry can make bad JSON or a wrong shape good). `what` names the event in the error, e.g. 'usage event'.
 */
export function parseEvent<S extends z.ZodType>(
  message: Pick<JsMsg, 'data'>,
  schema: S,
  what: string,
): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(message.data));
  } catch (error) {
    throw new PoisonMessageError(`${what} is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new PoisonMessageError(`invalid ${what}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export interface DurableWorkerOptions {
  nc: NatsConnection;
  logger: Logger;
  stream: string;
  consumer: string;
  maxDeliver: number;
  deadLetterSubject: string;
  /** Batches (or single messages) handled at the same time. */
  concurrency?: number;
  /** Largest batch given to handleBatch. */
  batchSize?: number;
  /** Handles one message; a throw means retry later (or dead-letter, see PoisonMessageError and maxDeliver). */
  handle(message: JsMsg): Promise<void>;
  /**
   * Optional: handles several messages all-or-nothing (one transaction). If it throws, each message is retried
   * alone through `handle`, so one bad message cannot hold back the others.
   */
  handleBatch?(messages: JsMsg[]): Promise<void>;
}

export interface DurableWorker {
  /** Stops pulling, waits for messages in flight; unacked ones are redelivered to whoever runs next. */
  stop(): Promise<void>;
}

// The redelivery delay stays deterministic (no jitter): jitter spreads many independent clients retrying against one
// server, while here one consumer's redeliveries come back to its own workers, already bounded by max_ack_pending and
// this worker's concurrency however they line up.
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 30_000;

export async function startDurableWorker(options: DurableWorkerOptions): Promise<DurableWorker> {
  const { nc, logger, handleBatch } = options;
  const concurrency = options.concurrency ?? (handleBatch ? 4 : 32);
  const batchSize = handleBatch ? (options.batchSize ?? 200) : 1;
  const js = jetstream(nc);
  const consumer = await js.consumers.get(options.stream, options.consumer);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: Math.max(batchSize * 2, 64) });
  const inFlight = new Set<Promise<void>>();
  const queue: JsMsg[] = [];
  let pumpScheduled = false;

  const deadLetter = async (message: JsMsg, reason: unknown) => {
    logger.error(
      { err: reason, subject: message.subject, seq: message.seq, deliveries: message.info.deliveryCount },
      'event dead-lettered',
    );
    await js.publish(options.deadLetterSubject, message.data, {
      msgID: `dead:${options.stream}:${message.seq}`,
      ...(message.headers ? { headers: message.headers } : {}),
    });
    message.term();
  };

  const settleOne = async (message: JsMsg) => {
    try {
      // In the trace of whoever published it (docs/operations.md#traces).
      await processSpan(message.subject, message.headers, () => options.handle(message));
      message.ack();
    } catch (error) {
      try {
        if (error instanceof PoisonMessageError || message.info.deliveryCount >= options.maxDeliver) {
          await deadLetter(message, error);
        } else {
          const delay = Math.min(RETRY_BASE_MS * 2 ** (message.info.deliveryCount - 1), RETRY_MAX_MS);
          logger.warn({ err: error, subject: message.subject, delay }, 'event failed, will retry');
          message.nak(delay);
        }
      } catch (inner) {
        // Not even the dead-letter publish worked (NATS down): leave it unacked, JetStream redelivers it.
        logger.error({ err: inner }, 'could not settle a failed message');
      }
    }
  };

  const settleBatch = async (batch: JsMsg[]) => {
    if (handleBatch && batch.length > 1) {
      try {
        await processBatchSpan(batch[0]!.subject, batch, () => handleBatch(batch));
        for (const message of batch) message.ack();
        return;
      } catch (error) {
        logger.warn({ err: error, size: batch.length }, 'batch failed, retrying its messages one by one');
      }
    }
    await Promise.all(batch.map(settleOne));
  };

  // Runs as a macrotask, after the iterator has queued every message already received, so batches fill up.
  const pump = () => {
    pumpScheduled = false;
    while (queue.length > 0 && inFlight.size < concurrency) {
      const task = settleBatch(queue.splice(0, batchSize)).finally(() => {
        inFlight.delete(task);
        if (queue.length > 0) schedulePump();
      });
      inFlight.add(task);
    }
  };
  const schedulePump = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  };

  // JetStream bounds what is queued here: the pull size and the consumer's max_ack_pending.
  const loop = (async () => {
    for await (const message of messages) {
      queue.push(message);
      schedulePump();
    }
  })();

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await messages.close();
        await loop;
        while (queue.length > 0 || inFlight.size > 0) {
          if (inFlight.size === 0) pump();
          await Promise.all(inFlight);
        }
      })();
      return stopping;
    },
  };
}

export interface DurableConsumerOptions {
  stream: string;
  name: string;
  /** One subject, or several (the library reads two subjects of a stream whose dead letters it also holds). */
  filterSubject: string | readonly string[];
  maxDeliver: number;
  ackWaitMs: number;
  maxAckPending?: number;
}

/** Creates the durable consumer, or updates its limits when it exists (replicas share one durable). */
export async function ensureDurableConsumer(
  jsm: JetStreamManager,
  options: DurableConsumerOptions,
): Promise<void> {
  const limits = {
    max_deliver: options.maxDeliver,
    ack_wait: nanos(options.ackWaitMs),
    max_ack_pending: options.maxAckPending ?? 1_000,
  };
  try {
    await jsm.consumers.info(options.stream, options.name);
    await jsm.consumers.update(options.stream, options.name, limits);
  } catch (error) {
    if (jetStreamApiCode(error) !== JetStreamApiCodes.ConsumerNotFound) throw error;
    await jsm.consumers.add(options.stream, {
      durable_name: options.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...(typeof options.filterSubject === 'string'
        ? { filter_subject: options.filterSubject }
        : { filter_subjects: [...options.filterSubject] }),
      ...limits,
    });
  }
}

// JetStream set-up owned by credits: the USAGE stream, the IDENTITY stream when identity has not created it yet,
// and the durable pull consumers credits reads them with.
import type { NatsNames } from '@act/contracts/server';
import { ensureStream, type NatsConnection } from '@act/service-kit';
import { AckPolicy, DeliverPolicy, nanos, type JetStreamManager } from 'nats';

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

function apiErrorCode(error: unknown): number | undefined {
  return (error as { api_error?: { err_code?: number } }).api_error?.err_code;
}

/** `replicas`: JETSTREAM_REPLICAS, the copies a clustered NATS keeps of each stream (1 on a single server). */
export async function ensureCreditsStreams(
  nc: NatsConnection,
  names: NatsNames,
  replicas = 1,
): Promise<void> {
  const jsm = await nc.jetstreamManager();
  await ensureStream(jsm, { name: names.usageStream, subjects: names.usageStreamSubjects, replicas });
  // IDENTITY is identity's stream: create it only when missing, never rewrite the owner's settings.
  try {
    await jsm.streams.info(names.identityStream);
  } catch (error) {
    if (apiErrorCode(error) !== STREAM_NOT_FOUND) throw error;
    await ensureStream(jsm, { name: names.identityStream, subjects: names.identityStreamSubjects, replicas });
  }
}

export interface DurableConsumerOptions {
  stream: string;
  name: string;
  filterSubject: string;
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
    if (apiErrorCode(error) !== CONSUMER_NOT_FOUND) throw error;
    await jsm.consumers.add(options.stream, {
      durable_name: options.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: options.filterSubject,
      ...limits,
    });
  }
}

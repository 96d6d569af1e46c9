// Gauges of the JetStream consumers and dead letters a service owns, read from the JetStream API when Prometheus
// scrapes (no NATS exporter is needed for the money path), for the alerts in k8s/monitoring/alert-rules.yaml
// (docs/runbooks.md#creditsconsumerlag, docs/runbooks.md#creditsdeadletters):
//   jetstream_consumer_pending_messages{stream,consumer}      messages in the stream the consumer has not been given
//   jetstream_consumer_ack_pending_messages{stream,consumer}  given to a replica and not acknowledged yet
//   jetstream_dead_letter_messages{stream,subject}            dead letters the stream holds on that subject
// Every replica reads the same numbers (one durable consumer is shared): alerts take the max over replicas. A scrape
// while NATS cannot answer leaves the series out.
import { Gauge, type Registry } from 'prom-client';
import { replaceGauge } from './backlog-metrics';
import type { NatsConnection } from './nats';

export interface JetStreamTargets {
  /** Durable consumers to report: lag and messages awaiting acknowledgement. */
  consumers: Array<{ stream: string; consumer: string }>;
  /** Dead-letter subjects stored in a stream of ours: how many messages the stream holds on each. */
  deadLetters: Array<{ stream: string; subject: string }>;
}

interface Reading {
  consumers: Array<{ stream: string; consumer: string; pending: number; ackPending: number }>;
  deadLetters: Array<{ stream: string; subject: string; messages: number }>;
}

async function readJetStream(nc: NatsConnection, targets: JetStreamTargets): Promise<Reading> {
  const jsm = await nc.jetstreamManager();
  const consumers = await Promise.all(
    targets.consumers.map(async ({ stream, consumer }) => {
      const info = await jsm.consumers.info(stream, consumer);
      return { stream, consumer, pending: info.num_pending, ackPending: info.num_ack_pending };
    }),
  );
  const deadLetters = await Promise.all(
    targets.deadLetters.map(async ({ stream, subject }) => {
      const info = await jsm.streams.info(stream, { subjects_filter: subject });
      return { stream, subject, messages: info.state.subjects?.[subject] ?? 0 };
    }),
  );
  return { consumers, deadLetters };
}

/** Registers the JetStream gauges in `registry` (replacing earlier ones of this process), read at each scrape. */
export function observeJetStream(registry: Registry, nc: NatsConnection, targets: JetStreamTargets): void {
  // The registry collects its metrics at once: the three gauges share one reading per scrape.
  let reading: Promise<Reading | undefined> | undefined;
  const read = () =>
    (reading ??= readJetStream(nc, targets)
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  const pending = new Gauge({
    name: 'jetstream_consumer_pending_messages',
    help: 'Messages of the stream the durable consumer has not delivered yet (its lag)',
    labelNames: ['stream', 'consumer'],
    registers: [],
    collect: async () => {
      pending.reset();
      for (const c of (await read())?.consumers ?? [])
        pending.set({ stream: c.stream, consumer: c.consumer }, c.pending);
    },
  });
  const ackPending = new Gauge({
    name: 'jetstream_consumer_ack_pending_messages',
    help: 'Messages delivered by the durable consumer and not acknowledged yet',
    labelNames: ['stream', 'consumer'],
    registers: [],
    collect: async () => {
      ackPending.reset();
      for (const c of (await read())?.consumers ?? [])
        ackPending.set({ stream: c.stream, consumer: c.consumer }, c.ackPending);
    },
  });
  const deadLetters = new Gauge({
    name: 'jetstream_dead_letter_messages',
    help: 'Dead letters the stream holds on the dead-letter subject',
    labelNames: ['stream', 'subject'],
    registers: [],
    collect: async () => {
      deadLetters.reset();
      for (const d of (await read())?.deadLetters ?? [])
        deadLetters.set({ stream: d.stream, subject: d.subject }, d.messages);
    },
  });
  replaceGauge(registry, 'jetstream_consumer_pending_messages', pending);
  replaceGauge(registry, 'jetstream_consumer_ack_pending_messages', ackPending);
  replaceGauge(registry, 'jetstream_dead_letter_messages', deadLetters);
}

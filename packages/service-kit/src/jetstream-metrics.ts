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
import { jetstreamManager, type NatsConnection } from './nats';

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
  const jsm = await jetstreamManager(nc);
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
  // The registry collects its metrics at once: the gauges share one reading per scrape.
  let reading: Promise<Reading | undefined> | undefined;
  const read = () =>
    (reading ??= readJetStream(nc, targets)
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  /** One gauge filled from the shared reading: `samples` picks its labels and value out of it. */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    samples: (reading: Reading) => Array<[Record<L, string>, number]>,
  ) => {
    const metric: Gauge<L> = new Gauge({
      name,
      help,
      labelNames,
      registers: [],
      collect: async () => {
        metric.reset();
        const reading = await read();
        for (const [labels, value] of reading ? samples(reading) : []) metric.set(labels, value);
      },
    });
    replaceGauge(registry, name, metric);
  };
  gauge(
    'jetstream_consumer_pending_messages',
    'Messages of the stream the durable consumer has not delivered yet (its lag)',
    ['stream', 'consumer'],
    (r) => r.consumers.map((c) => [{ stream: c.stream, consumer: c.consumer }, c.pending]),
  );
  gauge(
    'jetstream_consumer_ack_pending_messages',
    'Messages delivered by the durable consumer and not acknowledged yet',
    ['stream', 'consumer'],
    (r) => r.consumers.map((c) => [{ stream: c.stream, consumer: c.consumer }, c.ackPending]),
  );
  gauge(
    'jetstream_dead_letter_messages',
    'Dead letters the stream holds on the dead-letter subject',
    ['stream', 'subject'],
    (r) => r.deadLetters.map((d) => [{ stream: d.stream, subject: d.subject }, d.messages]),
  );
}

// The JetStream gauges on the run's NATS: a consumer's lag and unacknowledged messages, and the dead letters a stream
// holds, as Prometheus would scrape them.
import { natsNames } from '@act/contracts/server';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDurableConsumer } from './durable-worker';
import { observeJetStream } from './jetstream-metrics';
import { connectNats, ensureStream, jetstream, jetstreamManager, type NatsConnection } from './nats';
import { testNatsUrl, uniqueNamespace } from './testing';
import { parseMetrics } from './testing/scrape-metrics';

const names = natsNames(uniqueNamespace('jsm'));
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'jetstream-metrics-test' });
  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: names.usageStream, subjects: names.usageStreamSubjects });
  await ensureDurableConsumer(jsm, {
    stream: names.usageStream,
    name: names.usageConsumer,
    filterSubject: names.usageCommitted,
    maxDeliver: 3,
    ackWaitMs: 30_000,
  });
});
afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(names.usageStream).catch(() => undefined);
  await nc.close();
});

describe('observeJetStream', () => {
  it("reports the consumer's lag, what awaits acknowledgement and the dead letters held", async () => {
    const registry = new Registry();
    const consumer = { stream: names.usageStream, consumer: names.usageConsumer };
    const deadLetter = { stream: names.usageStream, subject: names.usageDeadLetter };
    observeJetStream(registry, nc, { consumers: [consumer], deadLetters: [deadLetter] });
    const scrape = async () => parseMetrics(await registry.metrics());

    let metrics = await scrape();
    expect(metrics.value('jetstream_consumer_pending_messages', consumer)).toBe(0);
    expect(metrics.value('jetstream_dead_letter_messages', deadLetter)).toBe(0);

    const js = jetstream(nc);
    for (let i = 0; i < 3; i += 1) await js.publish(names.usageCommitted, '{}');
    await js.publish(names.usageDeadLetter, '{}');
    await js.publish(names.usageReleased, '{}'); // another subject: neither the consumer's nor a dead letter
    metrics = await scrape();
    expect(metrics.value('jetstream_consumer_pending_messages', consumer)).toBe(3);
    expect(metrics.value('jetstream_consumer_ack_pending_messages', consumer)).toBe(0);
    expect(metrics.value('jetstream_dead_letter_messages', deadLetter)).toBe(1);

    // One message handed to a worker and not acknowledged: it leaves the lag for the unacknowledged count.
    const pulled = await (await js.consumers.get(names.usageStream, names.usageConsumer)).next();
    expect(pulled).not.toBeNull();
    metrics = await scrape();
    expect(metrics.value('jetstream_consumer_pending_messages', consumer)).toBe(2);
    expect(metrics.value('jetstream_consumer_ack_pending_messages', consumer)).toBe(1);
  });

  it('leaves the series out when the consumer cannot be read, and the scrape still answers', async () => {
    const registry = new Registry();
    observeJetStream(registry, nc, {
      consumers: [{ stream: names.usageStream, consumer: 'no-such-consumer' }],
      deadLetters: [],
    });
    const metrics = parseMetrics(await registry.metrics());
    expect(metrics.samples.filter((s) => s.name.startsWith('jetstream_'))).toEqual([]);
  });
});

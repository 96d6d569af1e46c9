// The durable worker acks after the handler succeeds, retries failures with back-off, and after the last allowed
// delivery sends the message to the dead-letter subject instead of blocking the stream.
import { natsNames } from '@act/contracts/server';
import { connectNats, ensureStream, jetstream, jetstreamManager, type NatsConnection } from './nats';
import { silentLogger, testNatsUrl, uniqueNamespace } from './testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from './testing';
import { z } from 'zod';
import { ensureDurableConsumer, parseEvent, PoisonMessageError, startDurableWorker } from './durable-worker';

let nc: NatsConnection;
const names = natsNames(uniqueNamespace('dw'));

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'durable-worker-test' });
  await ensureStream(await jetstreamManager(nc), {
    name: names.usageStream,
    subjects: names.usageStreamSubjects,
  });
});
afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(names.usageStream).catch(() => undefined);
  await nc.close();
});

async function consumerOn(subject: string, name: string, maxDeliver: number) {
  await ensureDurableConsumer(await jetstreamManager(nc), {
    stream: names.usageStream,
    name,
    filterSubject: subject,
    maxDeliver,
    ackWaitMs: 5_000,
  });
}

async function deadLetterCount(): Promise<number> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(names.usageStream, { subjects_filter: names.usageDeadLetter });
  return info.state.subjects?.[names.usageDeadLetter] ?? 0;
}

describe('durable worker', () => {
  it('redelivers a failed message and succeeds on a later delivery, with one ack', async () => {
    const subject = names.usageCommitted;
    await consumerOn(subject, 'retry', 5);
    const attempts: number[] = [];
    const worker = await startDurableWorker({
      nc,
      logger: silentLogger(),
      stream: names.usageStream,
      consumer: 'retry',
      maxDeliver: 5,
      deadLetterSubject: names.usageDeadLetter,
      async handle(message) {
        attempts.push(message.info.deliveryCount);
        if (message.info.deliveryCount < 3) throw new Error('database unavailable');
      },
    });
    try {
      await jetstream(nc).publish(subject, '{}');
      await waitUntil(
        async () => attempts,
        (list) => list.length >= 3,
      );
      const jsm = await jetstreamManager(nc);
      await waitUntil(
        () => jsm.consumers.info(names.usageStream, 'retry'),
        (info) => info.num_ack_pending === 0,
      );
      expect(attempts).toEqual([1, 2, 3]);
      expect(await deadLetterCount()).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('dead-letters after the last allowed delivery, and poison messages at once', async () => {
    const subject = names.usageReleased;
    await consumerOn(subject, 'bounded', 2);
    let calls = 0;
    const worker = await startDurableWorker({
      nc,
      logger: silentLogger(),
      stream: names.usageStream,
      consumer: 'bounded',
      maxDeliver: 2,
      deadLetterSubject: names.usageDeadLetter,
      async handle(message) {
        calls += 1;
        if (new TextDecoder().decode(message.data) === 'poison') throw new PoisonMessageError('bad');
        throw new Error('always failing');
      },
    });
    try {
      await jetstream(nc).publish(subject, 'fails');
      await jetstream(nc).publish(subject, 'poison');
      await waitUntil(deadLetterCount, (count) => count === 2);
      expect(calls).toBe(3);
    } finally {
      await worker.stop();
    }
  });
});

describe('durable worker batches (consume())', () => {
  it('hands the messages that arrived together to handleBatch, and retries a failed batch one message at a time', async () => {
    // A subject of its own in the stream: the tests above published on the usage subjects.
    const subject = `${names.usageCommitted}.batches`;
    const consumer = 'batches';
    await consumerOn(subject, consumer, 5);
    const jsm = await jetstreamManager(nc);
    const batches: string[][] = [];
    const alone: string[] = [];
    const deadBefore = await deadLetterCount();
    const text = (message: { data: Uint8Array }) => new TextDecoder().decode(message.data);
    // Published before the worker starts: the first pull brings them all at once.
    for (let i = 0; i < 10; i += 1) await jetstream(nc).publish(subject, `ok-${i}`);
    await jetstream(nc).publish(subject, 'bad');
    const worker = await startDurableWorker({
      nc,
      logger: silentLogger(),
      stream: names.usageStream,
      consumer,
      maxDeliver: 5,
      deadLetterSubject: names.usageDeadLetter,
      batchSize: 50,
      async handleBatch(messages) {
        const texts = messages.map(text);
        batches.push(texts);
        // All or nothing, like one database transaction: one bad message fails its batch.
        if (texts.includes('bad')) throw new Error('batch refused');
      },
      async handle(message) {
        alone.push(text(message));
      },
    });
    try {
      await waitUntil(
        () => jsm.consumers.info(names.usageStream, consumer),
        (info) => info.num_pending === 0 && info.num_ack_pending === 0,
      );
      expect(batches.length).toBeGreaterThanOrEqual(1);
      expect(batches[0]!.length).toBeGreaterThan(1);
      // Each message was settled exactly once: in a batch that succeeded, or alone after its batch failed.
      const settled = [...batches.filter((batch) => !batch.includes('bad')).flat(), ...alone].sort();
      expect(settled).toEqual([...Array.from({ length: 10 }, (_, i) => `ok-${i}`), 'bad'].sort());
      expect(await deadLetterCount()).toBe(deadBefore);
    } finally {
      await worker.stop();
    }
  });
});

describe('parseEvent', () => {
  const Schema = z.object({ userId: z.string() });
  const message = (text: string) => ({ data: new TextEncoder().encode(text) });

  it('gives the event when its JSON matches the schema', () => {
    expect(parseEvent(message('{"userId":"u1"}'), Schema, 'test event')).toEqual({ userId: 'u1' });
  });

  it('calls bad JSON and a wrong shape poison, naming the event', () => {
    expect(() => parseEvent(message('{not json'), Schema, 'test event')).toThrow(
      new PoisonMessageError('test event is not JSON'),
    );
    const wrong = () => parseEvent(message('{"userId":7}'), Schema, 'test event');
    expect(wrong).toThrow(PoisonMessageError);
    expect(wrong).toThrow(/^invalid test event: /);
  });
});

// The member-deletion worker: a failed deletion is retried until it succeeds, a redelivered event (the same account
// deleted twice, or a crash before the ack) leaves the result as after one, and what is pending shows in the metrics.
import { natsNames } from '@act/contracts/server';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDeletionConsumer, startMemberDeletion } from './member-deletion';
import { connectNats, jetstream, jetstreamManager, type NatsConnection } from './nats';
import { silentLogger, testNatsUrl, uniqueNamespace, waitUntil } from './testing';

let nc: NatsConnection;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'member-deletion-test' });
});
afterAll(async () => {
  await nc.close();
});

function deletedEvent(userId: string) {
  return JSON.stringify({ userId, deletedAt: new Date().toISOString() });
}

async function dropStream(namespace: string) {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(natsNames(namespace).identityStream).catch(() => undefined);
}

async function metricValue(registry: Registry, name: string): Promise<number | undefined> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values[0]?.value as number | undefined) ?? undefined;
}

describe('startMemberDeletion', () => {
  it('retries a failed deletion until it succeeds, counting the failures', async () => {
    const namespace = uniqueNamespace('md-retry');
    const names = natsNames(namespace);
    const registry = new Registry();
    const rows = new Set(['member-a:chat', 'member-a:image', 'member-b:chat']);
    let attempts = 0;
    const worker = await startMemberDeletion({
      nc,
      logger: silentLogger(),
      namespace,
      service: 'chat',
      registry,
      async deleteMember(userId) {
        attempts += 1;
        if (attempts < 3) throw new Error('database unavailable');
        for (const row of rows) if (row.startsWith(`${userId}:`)) rows.delete(row);
      },
    });
    try {
      await jetstream(nc).publish(names.userDeleted, deletedEvent('11111111-1111-4111-8111-111111111111'));
      rows.add('11111111-1111-4111-8111-111111111111:chat');
      await waitUntil(
        async () => attempts,
        (n) => n >= 3,
      );
      expect(rows.has('11111111-1111-4111-8111-111111111111:chat')).toBe(false);
      expect([...rows].sort()).toEqual(['member-a:chat', 'member-a:image', 'member-b:chat']);
      expect(await metricValue(registry, 'member_deletion_failures_total')).toBe(2);
      await waitUntil(
        () => metricValue(registry, 'member_deletion_pending'),
        (pending) => pending === 0,
      );
    } finally {
      await worker.stop();
      await dropStream(namespace);
    }
  });

  it('applies a redelivered event again with the same result, and each service has its own consumer', async () => {
    const namespace = uniqueNamespace('md-twice');
    const names = natsNames(namespace);
    const userId = '22222222-2222-4222-8222-222222222222';
    const data = {
      chat: new Set([`${userId}:session`, 'other:session']),
      image: new Set([`${userId}:image`, 'other:image']),
    };
    const calls: string[] = [];
    const workers = await Promise.all(
      (['chat', 'image'] as const).map((service) =>
        startMemberDeletion({
          nc,
          logger: silentLogger(),
          namespace,
          service,
          async deleteMember(id) {
            calls.push(service);
            for (const row of data[service]) if (row.startsWith(`${id}:`)) data[service].delete(row);
          },
        }),
      ),
    );
    try {
      // The same deletion announced twice (identity's outbox relay publishing again after a lost ack).
      await jetstream(nc).publish(names.userDeleted, deletedEvent(userId));
      await jetstream(nc).publish(names.userDeleted, deletedEvent(userId));
      await waitUntil(
        async () => calls.length,
        (n) => n >= 4,
      );
      expect([...data.chat]).toEqual(['other:session']);
      expect([...data.image]).toEqual(['other:image']);
      const jsm = await jetstreamManager(nc);
      for (const service of ['chat', 'image']) {
        await waitUntil(
          () => jsm.consumers.info(names.identityStream, memberDeletionConsumer(service, namespace)),
          (info) => info.num_ack_pending === 0 && info.num_pending === 0,
        );
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await dropStream(namespace);
    }
  });

  it('dead-letters a deletion that keeps failing, where the dead-letter gauge shows it', async () => {
    const namespace = uniqueNamespace('md-dead');
    const names = natsNames(namespace);
    const registry = new Registry();
    const worker = await startMemberDeletion({
      nc,
      logger: silentLogger(),
      namespace,
      service: 'voice',
      registry,
      maxDeliver: 2,
      async deleteMember() {
        throw new Error('storage unavailable');
      },
    });
    try {
      await jetstream(nc).publish(names.userDeleted, deletedEvent('33333333-3333-4333-8333-333333333333'));
      await waitUntil(
        () => metricValue(registry, 'member_deletion_dead_letters'),
        (dead) => dead === 1,
      );
      expect(await metricValue(registry, 'member_deletion_failures_total')).toBe(2);
    } finally {
      await worker.stop();
      await dropStream(namespace);
    }
  });
});

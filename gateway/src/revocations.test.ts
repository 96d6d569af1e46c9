// The gateway follows identity's token revocations over NATS, and NATS being away never keeps it from serving.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsNames, type TokenRevocationsReply } from '@act/contracts/server';
import { connectNats, createRevocationList, type NatsConnection } from '@act/service-kit';
import { findFreePort, silentLogger, testNatsUrl, uniqueNamespace } from '@act/service-kit/testing';
import { followRevocations } from './revocations';

let identity: NatsConnection;
beforeAll(async () => {
  identity = await connectNats({ url: testNatsUrl(), name: 'gateway-revocations-test' });
});
afterAll(() => identity.close());

describe('followRevocations', () => {
  it('starts from the list identity answers and applies what it publishes later', async () => {
    const namespace = uniqueNamespace('gwrev');
    const names = natsNames(namespace);
    const [signedOut, later] = [randomUUID(), randomUUID()];
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    identity.subscribe(names.tokenRevocations, {
      callback: (_error, message) => {
        message.respond(
          JSON.stringify({
            revocations: [{ kind: 'session', sid: signedOut, expiresAt }],
          } satisfies TokenRevocationsReply),
        );
      },
    });
    await identity.flush();
    const follower = followRevocations({
      config: { NATS_URL: testNatsUrl(), NATS_NAMESPACE: namespace },
      list: createRevocationList(),
      logger: silentLogger(),
    });
    try {
      await follower.started;
      const revoked = (sid: string) =>
        follower.list.isRevoked({ userId: randomUUID(), sessionId: sid, issuedAtMs: 0 });
      expect(revoked(signedOut)).toBe(true);
      identity.publish(names.tokenRevoked, JSON.stringify({ kind: 'session', sid: later, expiresAt }));
      await expect.poll(() => revoked(later), { timeout: 1_000 }).toBe(true);
    } finally {
      await follower.close();
    }
  });

  it('lets the gateway start and serve when NATS cannot be reached', async () => {
    const port = await findFreePort();
    const started = Date.now();
    const follower = followRevocations({
      config: { NATS_URL: `nats://127.0.0.1:${port}` },
      list: createRevocationList(),
      logger: silentLogger(),
      firstSyncWaitMs: 500,
    });
    await follower.started;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(follower.list.isRevoked({ userId: randomUUID(), issuedAtMs: 0 })).toBe(false);
    await follower.close();
  });

  it('does without NATS when none is configured', async () => {
    const follower = followRevocations({ config: {}, list: createRevocationList(), logger: silentLogger() });
    await follower.started;
    await follower.close();
  });
});

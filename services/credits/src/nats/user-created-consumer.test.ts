// identity.user.created opens the credits account once, however often it is delivered.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { balanceOf } from '../test-support/factories';
import { waitUntil } from '@act/service-kit/testing';
import { jetstream, jetstreamManager } from '@act/service-kit';

let h: CreditsHarness;

beforeAll(async () => {
  h = await startCreditsHarness();
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

describe('identity.user.created', () => {
  it('opens the account with the free plan and 50 credits, once', async () => {
    const userId = newUserId();
    const event = JSON.stringify({ userId, email: 'new@example.com', createdAt: '2025-01-02T03:04:05.000Z' });
    const js = jetstream(h.nc);
    // Different message ids: JetStream keeps all three, credits must still open one account with one grant.
    for (let i = 0; i < 3; i += 1) await js.publish(h.names.userCreated, event, { msgID: randomUUID() });
    await waitUntil(
      async () => (await jetstreamManager(h.nc)).consumers.info(h.names.identityStream, h.names.userConsumer),
      (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    );
    const rows = await h.sql`select plan, credits, created_at from accounts where user_id = ${userId}`;
    expect(rows).toEqual([{ plan: 'free', credits: 50, created_at: new Date('2025-01-02T03:04:05.000Z') }]);
    expect(await h.sql`select 1 from ledger where user_id = ${userId}`).toHaveLength(1);
  });

  it('is harmless when the account was already opened by a first reserve or read', async () => {
    const userId = newUserId();
    const token = await h.tokenFor(userId);
    await h.request('/api/credits/me', { token });
    await jetstream(h.nc).publish(
      h.names.userCreated,
      JSON.stringify({ userId, email: 'x@example.com', createdAt: new Date().toISOString() }),
    );
    await waitUntil(
      async () => (await jetstreamManager(h.nc)).consumers.info(h.names.identityStream, h.names.userConsumer),
      (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    );
    expect(await balanceOf(h.sql, userId)).toBe(50);
    expect(await h.sql`select 1 from ledger where user_id = ${userId}`).toHaveLength(1);
  });
});

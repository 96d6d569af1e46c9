// The service kit's charges (runChargedTool, reserveCharge, settleCharge) against the real credits responder and
// consumers: the path every tool service takes.
import { ErrorCode } from '@act/contracts';
import {
  AppError,
  connectDatabase,
  connectNats,
  createCreditsClient,
  type CreditsClient,
  jetstream,
  OUTBOX_MIGRATIONS,
  reserveCharge,
  runChargedTool,
  runMigrations,
  settleCharge,
  startOutboxRelay,
} from '@act/service-kit';
import { createTestDatabase, silentLogger, testNatsUrl } from '@act/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCreditsHarness, newUserId, type CreditsHarness } from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';
import { balanceOf } from './test-support/factories';
import { waitUntil } from '@act/service-kit/testing';

let h: CreditsHarness;
let credits: CreditsClient;

beforeAll(async () => {
  h = await startCreditsHarness();
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function settledHolds(userId: string) {
  return h.sql<{ status: string }[]>`select status from holds where user_id = ${userId} order by created_at`;
}

describe('runChargedTool', () => {
  it('charges, runs the work, commits, and returns the remaining balance', async () => {
    const userId = newUserId();
    const outcome = await runChargedTool(
      credits,
      { tool: 'youtube-summarizer', userId },
      async () => 'summary',
    );
    expect(outcome).toEqual({ result: 'summary', remainingCredits: 46 });
    await waitUntil(
      () => settledHolds(userId),
      (rows) => rows[0]?.status === 'committed',
    );
    const usage = await h.sql`select tool_name, used_credits from tool_usage where user_id = ${userId}`;
    expect(usage).toEqual([{ tool_name: 'youtube-summarizer', used_credits: 4 }]);
  });

  it('refunds when the work fails and rethrows the error: a failed generation costs nothing', async () => {
    const userId = newUserId();
    const failure = new Error('provider down');
    await expect(
      runChargedTool(credits, { tool: 'text-to-image', userId }, async () => {
        expect(await balanceOf(h.sql, userId)).toBe(30);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await waitUntil(
      () => settledHolds(userId),
      (rows) => rows[0]?.status === 'released',
    );
    expect(await balanceOf(h.sql, userId)).toBe(50);
  });

  it('throws INSUFFICIENT_CREDITS without running the work', async () => {
    const userId = newUserId();
    await runChargedTool(credits, { tool: 'text-to-image', userId }, async () => 1);
    await runChargedTool(credits, { tool: 'text-to-image', userId }, async () => 2);
    let ran = false;
    const error = await runChargedTool(credits, { tool: 'text-to-image', userId }, async () => {
      ran = true;
    }).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: ErrorCode.INSUFFICIENT_CREDITS,
      status: 402,
      message: 'Insufficient credits',
    });
  });

  it('charges the web-search option through the catalogue', async () => {
    const userId = newUserId();
    const outcome = await runChargedTool(
      credits,
      { tool: 'chat-agent', userId, options: { webSearch: true } },
      async () => 'answer',
    );
    expect(outcome.remainingCredits).toBe(43);
  });

  it('lets a guest use a tool once, then throws NEEDS_SIGNUP with the needsSignup flag', async () => {
    const first = await runChargedTool(
      credits,
      { tool: 'magic-enhance', guestIp: '198.51.100.77' },
      async () => 'ok',
    );
    expect(first).toEqual({ result: 'ok', remainingCredits: null });
    const error = await runChargedTool(
      credits,
      { tool: 'magic-enhance', guestIp: '198.51.100.77' },
      async () => 'no',
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: ErrorCode.NEEDS_SIGNUP,
      status: 403,
      details: { needsSignup: true },
    });
  });

  it('throws GUEST_IP_REQUIRED for a guest without an IP', async () => {
    const error = await runChargedTool(credits, { tool: 'magic-enhance' }, async () => 'no').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: ErrorCode.GUEST_IP_REQUIRED,
      message: 'IP address required for guest usage',
    });
  });
});

describe('a held charge', () => {
  it('is settled by another replica from its ref alone', async () => {
    const userId = newUserId();
    const charge = await reserveCharge(credits, { tool: 'voice-isolator', userId });
    const otherReplica = await connectNats({ url: testNatsUrl(), name: 'other-replica' });
    try {
      const ref = JSON.parse(JSON.stringify(charge.ref)) as typeof charge.ref;
      await settleCharge(createCreditsClient({ nc: otherReplica, namespace: h.namespace }), ref, 'committed');
    } finally {
      await otherReplica.close();
    }
    await waitUntil(
      () => settledHolds(userId),
      (rows) => rows[0]?.status === 'committed',
    );
    expect(await balanceOf(h.sql, userId)).toBe(30);
    const usage = await h.sql`select tool_name, used_credits from tool_usage where user_id = ${userId}`;
    expect(usage).toEqual([{ tool_name: 'voice-isolator', used_credits: 20 }]);
  });

  it('commits with the result a tool service stores, and costs nothing when that transaction rolls back', async () => {
    const toolDb = await createTestDatabase('tool_service');
    const toolSql = connectDatabase(toolDb.url);
    const outbox = startOutboxRelay({
      sql: toolSql,
      js: jetstream(h.nc),
      logger: silentLogger(),
      intervalMs: 60_000,
    });
    try {
      await runMigrations(toolSql, OUTBOX_MIGRATIONS);
      await toolSql`create table images (request_id uuid primary key)`;
      const keeper = newUserId();
      const loser = newUserId();
      const stored = await reserveCharge(credits, { tool: 'text-to-image', userId: keeper });
      await stored.run(() =>
        toolSql.begin(async (tx) => {
          await tx`insert into images (request_id) values (${stored.requestId})`;
          await stored.commitIn(tx, outbox);
        }),
      );
      const lost = await reserveCharge(credits, { tool: 'text-to-image', userId: loser });
      await expect(
        lost.run(() =>
          toolSql.begin(async (tx) => {
            await lost.commitIn(tx, outbox);
            throw new Error('storing the image failed');
          }),
        ),
      ).rejects.toThrow('storing the image failed');
      await outbox.publishPending();
      await waitUntil(
        async () => [...(await settledHolds(keeper)), ...(await settledHolds(loser))],
        (rows) => rows.map((row) => row.status).join() === 'committed,released',
      );
      expect(await balanceOf(h.sql, keeper)).toBe(30);
      expect(await balanceOf(h.sql, loser)).toBe(50);
    } finally {
      await outbox.stop();
      await toolSql.end();
      await toolDb.drop();
    }
  });
});

// runChargedTool (service-kit) against the real credits responder and consumers: the path every tool service takes.
import { ErrorCode } from '@act/contracts';
import { AppError, createCreditsClient, runChargedTool, type CreditsClient } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCreditsHarness, newUserId, type CreditsHarness } from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';
import { balanceOf } from './test-support/factories';
import { waitUntil } from './test-support/wait';

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
      { credits, tool: 'youtube-summarizer', userId },
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
      runChargedTool({ credits, tool: 'text-to-image', userId }, async () => {
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
    await runChargedTool({ credits, tool: 'text-to-image', userId }, async () => 1);
    await runChargedTool({ credits, tool: 'text-to-image', userId }, async () => 2);
    let ran = false;
    const error = await runChargedTool({ credits, tool: 'text-to-image', userId }, async () => {
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
      { credits, tool: 'chat-agent', userId, options: { webSearch: true } },
      async () => 'answer',
    );
    expect(outcome.remainingCredits).toBe(43);
  });

  it('lets a guest use a tool once, then throws NEEDS_SIGNUP with the needsSignup flag', async () => {
    const first = await runChargedTool(
      { credits, tool: 'magic-enhance', guestIp: '198.51.100.77' },
      async () => 'ok',
    );
    expect(first).toEqual({ result: 'ok', remainingCredits: null });
    const error = await runChargedTool(
      { credits, tool: 'magic-enhance', guestIp: '198.51.100.77' },
      async () => 'no',
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: ErrorCode.NEEDS_SIGNUP,
      status: 403,
      details: { needsSignup: true },
    });
  });

  it('throws GUEST_IP_REQUIRED for a guest without an IP', async () => {
    const error = await runChargedTool({ credits, tool: 'magic-enhance' }, async () => 'no').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: ErrorCode.GUEST_IP_REQUIRED,
      message: 'IP address required for guest usage',
    });
  });
});

// GET /api/credits/me, /api/credits/tool-usage-history and /api/credits/plans over HTTP against the real app.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, MeReplySchema, PLANS, PlansReplySchema, UsageHistoryReplySchema } from '@act/contracts';
import { createCreditsClient, type CreditsClient } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { guestReserve, memberReserve, usageEventFor, waitForHoldStatus } from '../test-support/factories';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-02-01T09:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function useTool(
  userId: string | undefined,
  tool: Parameters<typeof memberReserve>[1],
  ip = '192.0.2.1',
) {
  const request = userId ? memberReserve(userId, tool) : guestReserve(ip, tool);
  await credits.reserve(request);
  await credits.commit(usageEventFor(request));
  await waitForHoldStatus(h.sql, request.requestId, 'committed');
  clock.advance(1_000);
}

describe('GET /api/credits/me', () => {
  it("answers 401 with the spec's text without a valid token", async () => {
    const response = await h.request('/api/credits/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: 'Authentication failed' });
    const forged = await h.request('/api/credits/me', { token: 'e30.e30.sig' });
    expect(forged.status).toBe(401);
  });

  it('opens the account on first read: free plan, 50 credits, no subscription', async () => {
    const userId = newUserId();
    const response = await h.request('/api/credits/me', { token: await h.tokenFor(userId) });
    expect(response.status).toBe(200);
    const body = MeReplySchema.parse(await response.json());
    expect(body.me).toEqual({
      plan: 'free',
      credits: 50,
      plan_credits: 50,
      purchased_credits: 0,
      last_credit_reset: '2025-02-01T09:00:00.000Z',
      has_subscription: false,
      subscription_id: null,
      scheduled_plan: null,
      scheduled_change_at: null,
      created_at: expect.any(String),
    });
    const again = MeReplySchema.parse(
      await (await h.request('/api/credits/me', { token: await h.tokenFor(userId) })).json(),
    );
    expect(again.me.credits).toBe(50);
    const grants = await h.sql`select 1 from ledger where user_id = ${userId} and reason = 'grant'`;
    expect(grants).toHaveLength(1);
  });
});

describe('GET /api/credits/tool-usage-history', () => {
  it('lists only the caller’s uses, newest first, in the spec shape, paged by cursor', async () => {
    const userId = newUserId();
    const other = newUserId();
    await useTool(userId, 'image-to-prompt');
    await useTool(other, 'text-to-image');
    await useTool(undefined, 'magic-enhance');
    await useTool(userId, 'magic-enhance');
    await useTool(userId, 'chat-reasoning');
    const token = await h.tokenFor(userId);

    const first = UsageHistoryReplySchema.parse(
      await (await h.request('/api/credits/tool-usage-history?limit=2', { token })).json(),
    );
    expect(first.history.map((entry) => [entry.tool_name, entry.used_credits])).toEqual([
      ['chat-reasoning', 6],
      ['magic-enhance', 1],
    ]);
    expect(Object.keys(first.history[0]!).sort()).toEqual([
      'api_key',
      'id',
      'timestamp',
      'tool_name',
      'used_credits',
    ]);
    expect(first.history[0]!.api_key).toBeNull();
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = UsageHistoryReplySchema.parse(
      await (
        await h.request(`/api/credits/tool-usage-history?limit=2&cursor=${first.nextCursor}`, { token })
      ).json(),
    );
    expect(second.history.map((entry) => entry.tool_name)).toEqual(['image-to-prompt']);
    expect(second.nextCursor ?? null).toBeNull();

    const filtered = UsageHistoryReplySchema.parse(
      await (await h.request('/api/credits/tool-usage-history?tool=magic-enhance', { token })).json(),
    );
    expect(filtered.history).toHaveLength(1);
  });

  it('rejects a tampered cursor and requires a token', async () => {
    const token = await h.tokenFor(newUserId());
    const bad = await h.request('/api/credits/tool-usage-history?cursor=garbage', { token });
    expect(bad.status).toBe(400);
    expect((await h.request('/api/credits/tool-usage-history')).status).toBe(401);
  });

  it('answers 400, not 500, to a well-formed cursor whose year PostgreSQL cannot store (issue 17)', async () => {
    const token = await h.tokenFor(newUserId());
    const cursor = Buffer.from(JSON.stringify(['99999-01-01', randomUUID()])).toString('base64url');
    const reply = await h.request(`/api/credits/tool-usage-history?cursor=${cursor}`, { token });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({
      success: false,
      error: ERROR_TEXTS.validation.invalidRequest,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('GET /api/credits/plans', () => {
  it('is public and sends the catalogue without server-only price env names', async () => {
    const response = await h.request('/api/credits/plans');
    expect(response.status).toBe(200);
    const body = PlansReplySchema.parse(await response.json());
    expect(body.plans.map((plan) => [plan.id, plan.monthlyCredits])).toEqual(
      PLANS.map((plan) => [plan.id, plan.monthlyCredits]),
    );
    expect(JSON.stringify(body)).not.toContain('PADDLE_PRICE');
  });
});

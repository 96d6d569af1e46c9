// The spending cap, usage notices, redemption codes and the support console over HTTP and NATS against the real app,
// PostgreSQL and JetStream; the money invariants are checked after every test, and again after a race of spends,
// redemptions and support grants all at once.
import { randomUUID } from 'node:crypto';
import {
  CREDIT_CONTROLS_TEXTS,
  CREDIT_PACK_TEXTS,
  LedgerReplySchema,
  ErrorCode,
  NoticesReplySchema,
  RedeemReplySchema,
  SpendCapReplySchema,
  SupportAdjustmentReplySchema,
  SupportMemberReplySchema,
} from '@act/contracts';
import { NoticeRaisedEventSchema, type NoticeRaisedEvent, type ReserveRequest } from '@act/contracts/server';
import { createCreditsClient, type CreditsClient, jetstreamManager } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { expectCreditControlsInvariants } from '../test-support/credit-controls-invariants';
import { balanceOf, memberReserve, usageEventFor, waitForHoldStatus } from '../test-support/factories';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-04-01T09:00:00.000Z');
const supportId = newUserId();
let supportToken: string;

beforeAll(async () => {
  h = await startCreditsHarness({ clock, poolMax: 12 });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace, timeoutMs: 20_000 });
  supportToken = await h.tokenFor(supportId, 'help@example.com', ['support']);
});
afterEach(async () => {
  await expectMoneyInvariants(h.sql);
  await expectCreditControlsInvariants(h.sql);
});
afterAll(async () => h.close());

/** A member whose account exists and whose e-mail credits knows (their first visit reads the balance). */
async function newMember(): Promise<{ userId: string; email: string; token: string }> {
  const userId = newUserId();
  const email = `m-${userId.slice(0, 8)}@example.com`;
  const token = await h.tokenFor(userId, email);
  expect((await h.request('/api/credits/me', { token })).status).toBe(200);
  return { userId, email, token };
}

function json(method: string, body: unknown, token?: string): RequestInit & { token?: string } {
  return {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    ...(token ? { token } : {}),
  };
}

async function use(request: ReserveRequest, outcome: 'committed' | 'released' = 'committed') {
  const reply = await credits.reserve(request);
  if (!reply.ok) return reply;
  if (outcome === 'committed') await credits.commit(usageEventFor(request));
  else await credits.release(usageEventFor(request));
  await waitForHoldStatus(h.sql, request.requestId, outcome);
  return reply;
}

async function notices(token: string) {
  return NoticesReplySchema.parse(await (await h.request('/api/credits/notices', { token })).json()).notices;
}

/** The member's `credits.notice.raised` events on the NOTICES stream, once the outbox has published. */
async function noticeEvents(userId: string): Promise<NoticeRaisedEvent[]> {
  await h.deps.notices.publishPending();
  const jsm = await jetstreamManager(h.nc);
  const { state } = await jsm.streams.info(h.names.noticesStream);
  const events: NoticeRaisedEvent[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage(h.names.noticesStream, { seq });
    if (!message || message.subject !== h.names.noticeRaised) continue;
    const event = NoticeRaisedEventSchema.parse(message.json());
    if (event.userId === userId) events.push(event);
  }
  return events;
}

async function spentThisPeriod(token: string): Promise<number> {
  const reply = SpendCapReplySchema.parse(
    await (await h.request('/api/credits/spend-cap', { token })).json(),
  );
  return reply.spendCap.spentThisPeriod;
}

async function createCode(code: string, creditsEach: number, maxUses: number) {
  const response = await h.request(
    '/api/credits/support/codes',
    json(
      'POST',
      {
        code,
        credits: creditsEach,
        maxUses,
        expiresAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
        reason: 'Launch promotion',
      },
      supportToken,
    ),
  );
  expect(response.status).toBe(200);
}

describe('monthly spending cap', () => {
  it('refuses a charge past the cap with a message naming it, and charges nothing for it', async () => {
    const m = await newMember();
    const set = await h.request('/api/credits/spend-cap', json('PUT', { monthlyCap: 10 }, m.token));
    expect(SpendCapReplySchema.parse(await set.json()).spendCap).toEqual({
      monthlyCap: 10,
      spentThisPeriod: 0,
    });

    for (let i = 0; i < 5; i += 1)
      expect((await use(memberReserve(m.userId, 'image-to-prompt'))).ok).toBe(true);
    const refused = await credits.reserve(memberReserve(m.userId, 'image-to-prompt'));
    expect(refused).toEqual({
      ok: false,
      code: ErrorCode.SPEND_CAP_REACHED,
      message: 'This would go over your monthly spending cap of 10 credits. Change the cap in your account.',
    });
    expect(await balanceOf(h.sql, m.userId)).toBe(40);

    // A failed use gives its spending back; clearing the cap lets charges through again.
    const capped = await h.request('/api/credits/spend-cap', json('PUT', { monthlyCap: 12 }, m.token));
    expect(capped.status).toBe(200);
    expect((await use(memberReserve(m.userId, 'image-to-prompt'), 'released')).ok).toBe(true);
    expect((await use(memberReserve(m.userId, 'image-to-prompt'))).ok).toBe(true);
    expect((await credits.reserve(memberReserve(m.userId, 'magic-enhance'))).ok).toBe(false);
    await h.request('/api/credits/spend-cap', json('PUT', { monthlyCap: null }, m.token));
    const read = await h.request('/api/credits/spend-cap', { token: m.token });
    expect(SpendCapReplySchema.parse(await read.json()).spendCap).toEqual({
      monthlyCap: null,
      spentThisPeriod: 12,
    });
    expect((await use(memberReserve(m.userId, 'magic-enhance'))).ok).toBe(true);
  });

  it('lets concurrent charges take no more than the cap between them', async () => {
    const m = await newMember();
    await h.request('/api/credits/spend-cap', json('PUT', { monthlyCap: 9 }, m.token));
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => credits.reserve(memberReserve(m.userId, 'image-to-prompt'))),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(4);
    expect(replies.filter((reply) => !reply.ok && reply.code === ErrorCode.SPEND_CAP_REACHED)).toHaveLength(
      16,
    );
    expect(await balanceOf(h.sql, m.userId)).toBe(42);
  });

  it('refuses a cap that is not a positive whole number of credits', async () => {
    const m = await newMember();
    for (const monthlyCap of [0, -5, 2.5, 'ten']) {
      const response = await h.request('/api/credits/spend-cap', json('PUT', { monthlyCap }, m.token));
      expect(response.status).toBe(400);
    }
  });
});

describe('usage notices', () => {
  it('raises the 80% notice once per period, hides it when dismissed, and starts over after the reset', async () => {
    const m = await newMember();
    await use(memberReserve(m.userId, 'text-to-image'));
    expect(await notices(m.token)).toEqual([]);
    await use(memberReserve(m.userId, 'text-to-image'));
    const [notice, ...others] = await notices(m.token);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ threshold: 80, text: CREDIT_CONTROLS_TEXTS.notice[80] });

    // More spending in the same period raises no second 80% notice.
    await use(memberReserve(m.userId, 'magic-enhance'));
    expect((await notices(m.token)).map((n) => n.threshold)).toEqual([80]);
    const [{ count } = { count: -1 }] = await h.sql<{ count: number }[]>`
      select count(*)::int as count from credit_notices where user_id = ${m.userId} and threshold = 80`;
    expect(count).toBe(1);

    const dismissed = await h.request(
      `/api/credits/notices/${notice!.id}/dismiss`,
      json('POST', {}, m.token),
    );
    expect(dismissed.status).toBe(200);
    expect(await notices(m.token)).toEqual([]);
    const stranger = await newMember();
    const foreign = await h.request(
      `/api/credits/notices/${notice!.id}/dismiss`,
      json('POST', {}, stranger.token),
    );
    expect(foreign.status).toBe(404);

    clock.advance(31 * 86_400_000);
    expect(await notices(m.token)).toEqual([]);
    await use(memberReserve(m.userId, 'text-to-image'));
    await use(memberReserve(m.userId, 'text-to-image'));
    expect((await notices(m.token)).map((n) => n.threshold)).toEqual([80]);
  });

  it('raises the 100% notice when the allowance is spent, and a grant that tops the balance up clears both', async () => {
    const m = await newMember();
    await use(memberReserve(m.userId, 'text-to-image'));
    await use(memberReserve(m.userId, 'text-to-image'));
    for (let i = 0; i < 5; i += 1) await use(memberReserve(m.userId, 'image-to-prompt'));
    expect((await notices(m.token)).map((n) => n.threshold)).toEqual([100, 80]);
    await grant(m.userId, 30, 'Outage compensation');
    expect(await notices(m.token)).toEqual([]);
  });

  it('publishes one credits.notice.raised event per notice, for identity to e-mail, none for later commits', async () => {
    const m = await newMember();
    await use(memberReserve(m.userId, 'text-to-image'));
    expect(await noticeEvents(m.userId)).toEqual([]);
    await use(memberReserve(m.userId, 'text-to-image'));
    const spentAt80 = await spentThisPeriod(m.token);
    const [notice80] = await notices(m.token);
    expect(await noticeEvents(m.userId)).toEqual([
      {
        noticeId: notice80!.id,
        userId: m.userId,
        threshold: 80,
        periodStart: expect.any(String),
        allowance: 50,
        spent: spentAt80,
      },
    ]);

    // The next commit in the same period raises nothing, so it publishes nothing.
    await use(memberReserve(m.userId, 'image-to-prompt'));
    expect((await noticeEvents(m.userId)).map((event) => event.threshold)).toEqual([80]);

    for (let i = 0; i < 4; i += 1) await use(memberReserve(m.userId, 'image-to-prompt'));
    expect((await notices(m.token)).map((n) => n.threshold)).toEqual([100, 80]);
    const events = await noticeEvents(m.userId);
    expect(events.map((event) => event.threshold)).toEqual([80, 100]);
    expect(events[1]).toMatchObject({ allowance: 50, spent: await spentThisPeriod(m.token) });
    expect(events[1]!.spent).toBeGreaterThanOrEqual(50);
  });
});

async function grant(userId: string, amount: number, reason: string, actionId = randomUUID()) {
  return h.request(
    '/api/credits/support/adjustments',
    json('POST', { actionId, userId, direction: 'grant', credits: amount, reason }, supportToken),
  );
}

describe('redemption codes', () => {
  it('redeems a code once for a member who tries 20 times at once', async () => {
    await createCode('ANCE-EACH-77', 15, 100);
    const m = await newMember();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.request('/api/credits/redeem', json('POST', { code: 'ance-each-77' }, m.token)),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const refused = (await replies.find((reply) => reply.status === 409)!.json()) as { error: string };
    expect(refused.error).toBe(CREDIT_CONTROLS_TEXTS.redeem.alreadyRedeemed);
    expect(await balanceOf(h.sql, m.userId)).toBe(65);
  });

  it('gives a code with 5 uses to exactly 5 of 20 members redeeming at once', async () => {
    await createCode('FVE-ANY-2345', 10, 5);
    const members = await Promise.all(Array.from({ length: 20 }, () => newMember()));
    const replies = await Promise.all(
      members.map((m) => h.request('/api/credits/redeem', json('POST', { code: 'FVE-ANY-2345' }, m.token))),
    );
    const ok = replies.filter((reply) => reply.status === 200);
    expect(ok).toHaveLength(5);
    expect(RedeemReplySchema.parse(await ok[0]!.json())).toEqual({ success: true, credits: 10, balance: 60 });
    // Used up answers as an unknown code does: the answer tells no existing code apart.
    const usedUp = replies.find((reply) => reply.status !== 200)!;
    expect(usedUp.status).toBe(404);
    expect(((await usedUp.json()) as { error: string }).error).toBe(CREDIT_CONTROLS_TEXTS.redeem.invalid);
  });

  it('refuses an unknown or an expired code with the same 404', async () => {
    const m = await newMember();
    const unknown = await h.request('/api/credits/redeem', json('POST', { code: 'NO-SUCH-CODE' }, m.token));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe(CREDIT_CONTROLS_TEXTS.redeem.invalid);
    await createCode('SHRT-TERM-99', 5, 10);
    clock.advance(2 * 86_400_000);
    const expired = await h.request('/api/credits/redeem', json('POST', { code: 'SHRT-TERM-99' }, m.token));
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: string }).error).toBe(CREDIT_CONTROLS_TEXTS.redeem.invalid);
  });
});

describe('support console', () => {
  it('is refused to a guest (401) and to a member without the role (403)', async () => {
    const m = await newMember();
    const paths = [
      ['GET', `/api/credits/support/member?email=${encodeURIComponent(m.email)}`],
      ['POST', '/api/credits/support/adjustments'],
      ['POST', '/api/credits/support/codes'],
    ] as const;
    for (const [method, path] of paths) {
      const init = method === 'GET' ? {} : json('POST', {});
      expect((await h.request(path, init)).status).toBe(401);
      expect((await h.request(path, { ...init, token: m.token })).status).toBe(403);
    }
    // A member cannot grant themselves credits, whatever they send.
    const self = await h.request(
      '/api/credits/support/adjustments',
      json(
        'POST',
        { actionId: randomUUID(), userId: m.userId, direction: 'grant', credits: 1000, reason: 'me' },
        m.token,
      ),
    );
    expect(self.status).toBe(403);
    expect(await balanceOf(h.sql, m.userId)).toBe(50);
  });

  it('finds a member by e-mail, grants credits once per action, and shows it as Support with who and why', async () => {
    const m = await newMember();
    await use(memberReserve(m.userId, 'image-to-prompt'), 'released');
    const actionId = randomUUID();
    const first = await grant(m.userId, 25, 'Refund for the outage', actionId);
    expect(SupportAdjustmentReplySchema.parse(await first.json()).balance).toBe(75);
    const retried = await grant(m.userId, 25, 'Refund for the outage', actionId);
    expect(SupportAdjustmentReplySchema.parse(await retried.json()).balance).toBe(75);

    const found = await h.request(
      `/api/credits/support/member?email=${encodeURIComponent(m.email.toUpperCase())}`,
      {
        token: supportToken,
      },
    );
    const { member } = SupportMemberReplySchema.parse(await found.json());
    expect(member).toMatchObject({
      userId: m.userId,
      plan: 'free',
      balance: 75,
      planCredits: 75,
      purchasedCredits: 0,
      monthlyAllowance: 50,
    });
    expect(member.ledger[0]).toMatchObject({
      kind: 'support',
      delta: 25,
      note: 'help@example.com: Refund for the outage',
    });
    expect(CREDIT_PACK_TEXTS.ledger.kinds[member.ledger[0]!.kind]).toBe('Support');
    expect(member.failures).toEqual([
      expect.objectContaining({ tool: 'image-to-prompt', cost: 2, status: 'released' }),
    ]);
    const audit = await h.sql`
      select actor_id, actor_email, action, credits, reason from support_actions where user_id = ${m.userId}`;
    expect(audit).toEqual([
      {
        actor_id: supportId,
        actor_email: 'help@example.com',
        action: 'grant',
        credits: 25,
        reason: 'Refund for the outage',
      },
    ]);
    // The member's own ledger (Usage History) shows the grant as Support too, with the balance after it.
    const own = await h.request('/api/credits/ledger', { token: m.token });
    const { entries } = LedgerReplySchema.parse(await own.json());
    expect(entries[0]).toMatchObject({ kind: 'support', delta: 25, balance: 75 });
    expect(CREDIT_PACK_TEXTS.ledger.kinds[entries[0]!.kind]).toBe('Support');
  });

  it('claws back with a reason, never below zero, and requires the reason', async () => {
    const m = await newMember();
    const claw = (amount: number, reason = 'Duplicate grant') =>
      h.request(
        '/api/credits/support/adjustments',
        json(
          'POST',
          { actionId: randomUUID(), userId: m.userId, direction: 'claw_back', credits: amount, reason },
          supportToken,
        ),
      );
    expect((await claw(10, '')).status).toBe(400);
    const tooMuch = await claw(51);
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as { error: string }).error).toBe(
      CREDIT_CONTROLS_TEXTS.support.clawBackTooLarge(50),
    );
    expect(SupportAdjustmentReplySchema.parse(await (await claw(20)).json()).balance).toBe(30);
    const [{ count } = { count: -1 }] = await h.sql<{ count: number }[]>`
      select count(*)::int as count from support_actions where user_id = ${m.userId}`;
    expect(count).toBe(1);
  });

  it('answers 404 for an e-mail no member has', async () => {
    const response = await h.request('/api/credits/support/member?email=nobody%40example.com', {
      token: supportToken,
    });
    expect(response.status).toBe(404);
  });
});

describe('spends, redemptions and support actions all at once', () => {
  it('keeps every balance equal to its ledger, never negative, with no grant or code applied twice', async () => {
    await createCode('RACE-CDE-4567', 7, 6);
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember()));
    const actionIds = members.map(() => randomUUID());
    const work: Array<Promise<unknown>> = [];
    for (const [i, m] of members.entries()) {
      for (let k = 0; k < 6; k += 1)
        work.push(use(memberReserve(m.userId, 'text-to-image'), k % 2 ? 'released' : 'committed'));
      for (let k = 0; k < 3; k += 1) {
        work.push(h.request('/api/credits/redeem', json('POST', { code: 'RACE-CDE-4567' }, m.token)));
        // The same action sent three times: applied once.
        work.push(grant(m.userId, 11, 'Race compensation', actionIds[i]));
      }
      work.push(
        h.request(
          '/api/credits/support/adjustments',
          json(
            'POST',
            {
              actionId: randomUUID(),
              userId: m.userId,
              direction: 'claw_back',
              credits: 5,
              reason: 'Race claw',
            },
            supportToken,
          ),
        ),
      );
    }
    await Promise.all(work);
    const [{ redeemed } = { redeemed: -1 }] = await h.sql<{ redeemed: number }[]>`
      select count(*)::int as redeemed from redemptions where code = 'RACE-CDE-4567'`;
    expect(redeemed).toBe(6);
    const grants = await h.sql<{ user_id: string; rows: number }[]>`
      select user_id, count(*)::int as rows from ledger
      where reason = 'support' and delta = 11 group by user_id`;
    expect(
      grants.filter((row) => members.some((m) => m.userId === row.user_id)).map((row) => row.rows),
    ).toEqual(members.map(() => 1));
  });
});

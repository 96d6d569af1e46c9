// Reserve behaviour through the real NATS request/reply path and a real PostgreSQL database.
import { ErrorCode, ERROR_TEXTS, toolCost } from '@act/contracts';
import { type ReserveReply } from '@act/contracts/server';
import { createCreditsClient, type CreditsClient } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';
import { balanceOf, guestReserve, memberReserve, setBalance } from './test-support/factories';
import { createReserver } from './reserve';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-03-10T12:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock, poolMax: 10 });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace, timeoutMs: 20_000 });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

function reserveDeps(guestDailyBudgetPerTool = h.config.GUEST_DAILY_BUDGET_PER_TOOL) {
  return { store: h.deps.store, clock, guestDailyBudgetPerTool };
}

describe('member reserve', () => {
  it('opens a missing account with the free plan and 50 credits, then charges the catalogue cost', async () => {
    const userId = newUserId();
    const reply = await credits.reserve(memberReserve(userId, 'image-to-prompt'));
    expect(reply).toEqual({ ok: true, cost: 2, remainingCredits: 48 });
    const [account] = await h.sql`select plan, credits from accounts where user_id = ${userId}`;
    expect(account).toEqual({ plan: 'free', credits: 48 });
  });

  it('refuses a reserve that reaches it after its deadline (its caller gave up), and charges nothing', async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'magic-enhance'));
    const late = memberReserve(userId, 'text-to-image', {
      deadline: new Date(Date.now() - 1_000).toISOString(),
    });
    expect(await credits.reserve(late)).toEqual({
      ok: false,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: ERROR_TEXTS.server.serviceUnavailable,
    });
    expect(await balanceOf(h.sql, userId)).toBe(49);
    const inTime = memberReserve(userId, 'text-to-image', {
      deadline: new Date(Date.now() + 5_000).toISOString(),
    });
    expect(await credits.reserve(inTime)).toMatchObject({ ok: true, remainingCredits: 29 });
  });

  it('takes the cost from the catalogue and options, never from the caller', async () => {
    const userId = newUserId();
    const request = { ...memberReserve(userId, 'chat-agent', { options: { webSearch: true } }), cost: 0 };
    const reply = await credits.reserve(request);
    expect(toolCost('chat-agent', { webSearch: true })).toBe(7);
    expect(reply).toEqual({ ok: true, cost: 7, remainingCredits: 43 });
  });

  it("refuses with the spec's text when the balance does not cover the cost, and changes nothing", async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'text-to-image'));
    await credits.reserve(memberReserve(userId, 'text-to-image'));
    const reply = await credits.reserve(memberReserve(userId, 'text-to-image'));
    expect(reply).toEqual({
      ok: false,
      code: ErrorCode.INSUFFICIENT_CREDITS,
      message: 'Insufficient credits',
    });
    expect(await balanceOf(h.sql, userId)).toBe(10);
  });

  it('never overdraws: 200 concurrent reserves of cost 2 against 50 credits → exactly 25 succeed, balance 0', async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'youtube-thumbnail-downloader'));
    expect(await balanceOf(h.sql, userId)).toBe(50);

    const replies = await Promise.all(
      Array.from({ length: 200 }, () => credits.reserve(memberReserve(userId, 'image-to-prompt'))),
    );
    const granted = replies.filter((reply) => reply.ok);
    const refused = replies.filter((reply): reply is Extract<ReserveReply, { ok: false }> => !reply.ok);
    expect(granted).toHaveLength(25);
    expect(refused.every((reply) => reply.code === ErrorCode.INSUFFICIENT_CREDITS)).toBe(true);
    expect(await balanceOf(h.sql, userId)).toBe(0);
    const remaining = granted
      .map((reply) => (reply.ok ? reply.remainingCredits : -1))
      .sort((a, b) => a! - b!);
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
  });

  it('answers a repeated requestId with the same reply and charges once, even when repeated concurrently', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'magic-enhance');
    const first = await credits.reserve(request);
    const again = await Promise.all(Array.from({ length: 10 }, () => credits.reserve(request)));
    expect(first).toEqual({ ok: true, cost: 1, remainingCredits: 49 });
    for (const reply of again) expect(reply).toEqual(first);
    expect(await balanceOf(h.sql, userId)).toBe(49);

    const racing = memberReserve(userId, 'magic-enhance');
    const raced = await Promise.all(Array.from({ length: 10 }, () => credits.reserve(racing)));
    expect(new Set(raced.map((reply) => JSON.stringify(reply))).size).toBe(1);
    expect(await balanceOf(h.sql, userId)).toBe(48);
  });

  it('replays the stored answer even after the balance ran out', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'image-to-prompt');
    const first = await credits.reserve(request);
    await setBalance(h.sql, userId, 0);
    expect(await credits.reserve(request)).toEqual(first);
  });

  it('refuses a requestId reused for another member or tool', async () => {
    const request = memberReserve(newUserId(), 'image-to-prompt');
    await credits.reserve(request);
    const reply = await credits.reserve({ ...request, userId: newUserId() });
    expect(reply).toMatchObject({ ok: false, code: ErrorCode.CONFLICT });
    const otherTool = await credits.reserve({ ...request, tool: 'magic-enhance' });
    expect(otherTool).toMatchObject({ ok: false, code: ErrorCode.CONFLICT });
  });
});

describe('group commit of member charges', () => {
  it('charges many members at once in shared statements without overdrawing any of them', async () => {
    const batchSizes: number[] = [];
    const reserver = createReserver(reserveDeps(), { onBatch: (size) => batchSizes.push(size) });
    const users = Array.from({ length: 40 }, () => newUserId());
    for (const userId of users) await reserver.reserve(memberReserve(userId, 'youtube-thumbnail-downloader'));
    batchSizes.length = 0;

    const requests = users.flatMap((userId) =>
      Array.from({ length: 30 }, () => memberReserve(userId, 'image-to-prompt')),
    );
    const replies = await Promise.all(requests.map((request) => reserver.reserve(request)));
    expect(batchSizes.some((size) => size > 1)).toBe(true);
    for (const userId of users) {
      const mine = replies.filter((_, i) => requests[i]!.userId === userId);
      expect(mine.filter((reply) => reply.ok)).toHaveLength(25);
      expect(await balanceOf(h.sql, userId)).toBe(0);
    }
    // Repeats inside and across batches still get the stored answer and no second charge.
    const again = await Promise.all(requests.slice(0, 60).map((request) => reserver.reserve(request)));
    expect(again).toEqual(replies.slice(0, 60));
  });
});

describe('guest reserve', () => {
  it("requires an IP address, with the spec's text", async () => {
    const { guestIp: _none, ...request } = guestReserve('unused');
    expect(await credits.reserve(request)).toEqual({
      ok: false,
      code: ErrorCode.GUEST_IP_REQUIRED,
      message: ERROR_TEXTS.toolUse.guestIpRequired,
    });
  });

  it('serialises per IP and tool: 20 concurrent first uses → exactly 1 goes through', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => credits.reserve(guestReserve('203.0.113.7', 'magic-enhance'))),
    );
    const granted = replies.filter((reply) => reply.ok);
    expect(granted).toEqual([{ ok: true, cost: 0, remainingCredits: null }]);
    for (const reply of replies.filter((r) => !r.ok)) {
      expect(reply).toMatchObject({ ok: false, code: ErrorCode.NEEDS_SIGNUP, needsSignup: true });
    }
    const holds = await h.sql`select visitor_ip, user_id, cost from holds where visitor_ip = '203.0.113.7'`;
    expect(holds).toEqual([{ visitor_ip: '203.0.113.7', user_id: null, cost: 0 }]);
  });

  it('allows one use per tool per IP per 24 hours', async () => {
    const ip = '198.51.100.23';
    expect((await credits.reserve(guestReserve(ip, 'text-to-image'))).ok).toBe(true);
    expect((await credits.reserve(guestReserve(ip, 'magic-enhance'))).ok).toBe(true);
    expect((await credits.reserve(guestReserve('198.51.100.24', 'text-to-image'))).ok).toBe(true);
    expect(await credits.reserve(guestReserve(ip, 'text-to-image'))).toMatchObject({
      ok: false,
      needsSignup: true,
    });

    clock.advance(24 * 3600_000 - 1_000);
    expect(await credits.reserve(guestReserve(ip, 'text-to-image'))).toMatchObject({
      ok: false,
      needsSignup: true,
    });
    clock.advance(2_000);
    expect((await credits.reserve(guestReserve(ip, 'text-to-image'))).ok).toBe(true);
  });

  it('answers a repeated guest requestId with the same grant instead of needsSignup', async () => {
    const request = guestReserve('192.0.2.55', 'cartoonify');
    const first = await credits.reserve(request);
    expect(first.ok).toBe(true);
    expect(await credits.reserve(request)).toEqual(first);
  });
});

describe('guests by network', () => {
  it('gives two addresses in one IPv6 /64 one try between them, and another /64 its own', async () => {
    expect((await credits.reserve(guestReserve('2001:db8:aa:1::1', 'image-to-prompt'))).ok).toBe(true);
    for (const sibling of [
      '2001:db8:aa:1:ffff:ffff:ffff:fffe',
      '2001:DB8:AA:1:0:0:0:2',
      '2001:db8:aa:1::3%eth0',
    ]) {
      expect(await credits.reserve(guestReserve(sibling, 'image-to-prompt'))).toMatchObject({
        ok: false,
        needsSignup: true,
      });
    }
    expect((await credits.reserve(guestReserve('2001:db8:aa:2::1', 'image-to-prompt'))).ok).toBe(true);
    // The exact address is still what usage records show.
    const [hold] = await h.sql`select visitor_ip, guest_key from holds where visitor_ip = '2001:db8:aa:1::1'`;
    expect(hold).toEqual({ visitor_ip: '2001:db8:aa:1::1', guest_key: '2001:db8:aa:1::/64' });
  });

  it('serialises per /64: concurrent first uses from 20 addresses of one network → exactly 1 goes through', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        credits.reserve(guestReserve(`2001:db8:bb:7::${(i + 1).toString(16)}`, 'magic-enhance')),
      ),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 addresses one by one', async () => {
    expect((await credits.reserve(guestReserve('192.0.2.200', 'ai-describe-image'))).ok).toBe(true);
    expect(await credits.reserve(guestReserve('::ffff:192.0.2.200', 'ai-describe-image'))).toMatchObject({
      ok: false,
      needsSignup: true,
    });
    expect((await credits.reserve(guestReserve('192.0.2.201', 'ai-describe-image'))).ok).toBe(true);
  });

  it("answers a guest whose address is not an IP address with the spec's text", async () => {
    expect(await credits.reserve(guestReserve('not-an-address', 'image-to-prompt'))).toEqual({
      ok: false,
      code: ErrorCode.GUEST_IP_REQUIRED,
      message: ERROR_TEXTS.toolUse.guestIpRequired,
    });
  });
});

describe('daily guest budget', () => {
  it('lets all guests together take no more than the budget, even all at once, then asks them to sign up', async () => {
    const reserver = createReserver(reserveDeps(5));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        reserver.reserve(guestReserve(`198.18.0.${i + 1}`, 'youtube-summarizer')),
      ),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(5);
    for (const reply of replies.filter((r) => !r.ok)) {
      expect(reply).toEqual({
        ok: false,
        code: ErrorCode.NEEDS_SIGNUP,
        message: ERROR_TEXTS.toolUse.needsSignup,
        needsSignup: true,
      });
    }
    // The budget is per tool: another tool still has its own.
    expect((await reserver.reserve(guestReserve('198.18.0.1', 'sound-effects'))).ok).toBe(true);
    // Members are not guests: the spent budget does not touch them.
    expect((await reserver.reserve(memberReserve(newUserId(), 'youtube-summarizer'))).ok).toBe(true);

    // A day later the budget is there again.
    clock.advance(24 * 3600_000 + 1_000);
    expect((await reserver.reserve(guestReserve('198.18.1.1', 'youtube-summarizer'))).ok).toBe(true);
  });

  it('turns guest trials off with a budget of 0', async () => {
    const reserver = createReserver(reserveDeps(0));
    expect(await reserver.reserve(guestReserve('198.18.2.1', 'speech-to-speech'))).toMatchObject({
      ok: false,
      needsSignup: true,
    });
  });
});

describe('malformed requests', () => {
  it('answers a request that fails validation instead of letting the caller time out', async () => {
    const reply = await h.nc.request(h.names.reserve, JSON.stringify({ requestId: 'nope', tool: 'x' }), {
      timeout: 5_000,
    });
    expect(JSON.parse(new TextDecoder().decode(reply.data))).toMatchObject({
      ok: false,
      code: ErrorCode.VALIDATION_FAILED,
    });
    const garbage = await h.nc.request(h.names.reserve, 'not json', { timeout: 5_000 });
    expect(JSON.parse(new TextDecoder().decode(garbage.data))).toMatchObject({ ok: false });
  });
});

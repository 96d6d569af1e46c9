// Charges made with a personal API key, through the real NATS reserve and PostgreSQL: charged to the key's member,
// named on the ledger and the usage history, refused (free) by the key's own monthly limit, the limit given back with
// a refund, what each key spent for the key list, and a 20-way race at the limit that spends exactly up to it.
import { randomUUID } from 'node:crypto';
import { API_KEY_TEXTS, ErrorCode, type ApiKeyCharge } from '@act/contracts';
import type { ReserveRequest } from '@act/contracts/server';
import { createCreditsClient, type CreditsClient } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyUsageEvent } from './charges';
import { createManualClock } from './clock';
import { balanceOf, memberReserve, usageEventFor } from './test-support/factories';
import { newUserId, startCreditsHarness, type CreditsHarness } from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-06-10T12:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock, poolMax: 10 });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace, timeoutMs: 20_000 });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

function newKey(monthlyCreditLimit: number | null, name = 'build script'): ApiKeyCharge {
  return { id: randomUUID(), name, monthlyCreditLimit };
}

/** An image-to-prompt use (2 credits) made with the key. */
const keyed = (userId: string, apiKey: ApiKeyCharge): ReserveRequest =>
  memberReserve(userId, 'image-to-prompt', { apiKey });

async function heldCount(userId: string): Promise<number> {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from holds where user_id = ${userId} and status = 'held'`;
  return row!.n;
}

async function getJson<T>(userId: string, path: string): Promise<T> {
  const response = await h.request(path, { token: await h.tokenFor(userId) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('a call made with an API key', () => {
  it('is charged to its member and named on the ledger and the usage history', async () => {
    const userId = newUserId();
    const key = newKey(null, 'Nightly export');
    const request = keyed(userId, key);
    expect(await credits.reserve(request)).toEqual({ ok: true, cost: 2, remainingCredits: 48 });
    await applyUsageEvent(h.deps, 'committed', usageEventFor(request, clock.now()));
    expect(await balanceOf(h.sql, userId)).toBe(48);

    const ledger = await getJson<{ entries: Array<{ kind: string; delta: number; apiKey: unknown }> }>(
      userId,
      '/api/credits/ledger',
    );
    expect(ledger.entries[0]).toMatchObject({
      kind: 'tool_use',
      delta: -2,
      apiKey: { id: key.id, name: 'Nightly export' },
    });
    // The sign-up grant was no key's.
    expect(ledger.entries.at(-1)).toMatchObject({ kind: 'plan_grant', apiKey: null });
    const history = await getJson<{ history: Array<{ tool_name: string; api_key: unknown }> }>(
      userId,
      '/api/credits/tool-usage-history',
    );
    expect(history.history).toEqual([
      expect.objectContaining({
        tool_name: 'image-to-prompt',
        api_key: { id: key.id, name: 'Nightly export' },
      }),
    ]);
  });

  it('is refused by the key’s monthly limit with its own 402 text, free: balance unchanged, nothing held', async () => {
    const userId = newUserId();
    const key = newKey(5, 'CI');
    expect((await credits.reserve(keyed(userId, key))).ok).toBe(true);
    expect((await credits.reserve(keyed(userId, key))).ok).toBe(true);
    expect(await balanceOf(h.sql, userId)).toBe(46);
    const held = await heldCount(userId);

    // 4 spent + 2 would pass the limit of 5.
    const refused = await credits.reserve(keyed(userId, key));
    expect(refused).toEqual({
      ok: false,
      code: ErrorCode.API_KEY_LIMIT_REACHED,
      message: API_KEY_TEXTS.limitReached('CI', 5),
    });
    expect(refused.ok === false && refused.message).toContain('monthly credit limit of 5 credits');
    expect(await balanceOf(h.sql, userId)).toBe(46);
    expect(await heldCount(userId)).toBe(held);

    // The member's own calls, and their other keys, are not the limited key's business.
    expect((await credits.reserve(memberReserve(userId, 'image-to-prompt'))).ok).toBe(true);
    expect((await credits.reserve(keyed(userId, newKey(5)))).ok).toBe(true);
  });

  it('gets its limit back when a use fails and is refunded', async () => {
    const userId = newUserId();
    const key = newKey(4);
    const first = keyed(userId, key);
    await credits.reserve(first);
    await credits.reserve(keyed(userId, key));
    expect((await credits.reserve(keyed(userId, key))).ok).toBe(false);

    await applyUsageEvent(h.deps, 'released', usageEventFor(first, clock.now()));
    expect(await credits.reserve(keyed(userId, key))).toMatchObject({ ok: true, remainingCredits: 46 });
  });

  it('says what each key spent this month for the key list (GET /api/credits/api-keys/spend)', async () => {
    const userId = newUserId();
    const a = newKey(null);
    const b = newKey(10);
    await credits.reserve(keyed(userId, a));
    await credits.reserve(keyed(userId, a));
    await credits.reserve(keyed(userId, b));
    const reply = await getJson<{ keys: Array<{ id: string; spentThisMonth: number }> }>(
      userId,
      '/api/credits/api-keys/spend',
    );
    expect(reply.keys.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: a.id, spentThisMonth: 4 },
        { id: b.id, spentThisMonth: 2 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    // Another member sees none of them.
    const other = await getJson<{ keys: unknown[] }>(newUserId(), '/api/credits/api-keys/spend');
    expect(other.keys).toEqual([]);
  });

  it('spends exactly up to the limit when 20 calls race for it', async () => {
    const userId = newUserId();
    const key = newKey(11);
    // Open the account first, so the race is only about the limit (50 credits cover all 20 × 2).
    await credits.reserve(memberReserve(userId, 'youtube-thumbnail-downloader'));
    const replies = await Promise.all(Array.from({ length: 20 }, () => credits.reserve(keyed(userId, key))));

    const charged = replies.filter((reply) => reply.ok);
    const refused = replies.filter((reply) => !reply.ok);
    // 5 × 2 = 10 fit under 11; a sixth would make 12.
    expect(charged).toHaveLength(5);
    expect(refused.every((reply) => !reply.ok && reply.code === ErrorCode.API_KEY_LIMIT_REACHED)).toBe(true);
    expect(await balanceOf(h.sql, userId)).toBe(40);
    const [spend] = await h.sql<
      { spent: number }[]
    >`select spent from api_key_spend where key_id = ${key.id}`;
    expect(spend!.spent).toBe(10);
  });
});

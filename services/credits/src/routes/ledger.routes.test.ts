// GET /api/credits/ledger over HTTP on real PostgreSQL: every movement with the balance right after it (the same
// whatever the filters), filters by tool and period, cursor pages that neither skip nor repeat, the per-day chart
// data, and the CSV export with its header row.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, LedgerReplySchema, type LedgerEntry, type ToolId } from '@act/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { applyUsageEvent } from '../charges';
import { reserveCredits } from '../reserve';
import {
  startCreditsHarness,
  newUserId,
  TEST_PACK_PRICES,
  TEST_WEBHOOK_SECRET,
  type CreditsHarness,
} from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { memberReserve, usageEventFor } from '../test-support/factories';
import { signPaddleBody, transactionEventBody } from '../test-support/paddle-fake';

let h: CreditsHarness;
const clock = createManualClock('2025-05-01T08:00:00.000Z');
let userId: string;
let purchaseId: string;

beforeAll(async () => {
  h = await startCreditsHarness({ clock, workers: false });
  userId = newUserId();
  // Day 1: sign-up (50), two prompt uses (2 each). Day 2: a pack of 100, an image (20), a failed image (refunded).
  await ledger();
  await use('image-to-prompt', 'committed');
  await use('image-to-prompt', 'committed');
  clock.set('2025-05-02T09:00:00.000Z');
  await buyPack();
  await use('text-to-image', 'committed');
  await use('text-to-image', 'released');
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function use(tool: ToolId, outcome: 'committed' | 'released') {
  clock.advance(60_000);
  const request = memberReserve(userId, tool);
  expect((await reserveCredits({ ...h.deps, guestDailyBudgetPerTool: 10 }, request)).ok).toBe(true);
  await applyUsageEvent(h.deps, outcome, usageEventFor(request, clock.now()));
}

async function buyPack() {
  const checkout = await h.request('/api/credits/packs/checkout', {
    method: 'POST',
    token: await h.tokenFor(userId),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ packId: 'pack-100' }),
  });
  const { custom_data: customData } = (await checkout.json()) as { custom_data: Record<string, unknown> };
  const body = transactionEventBody({
    eventType: 'transaction.completed',
    transactionId: `txn_${randomUUID().replace(/-/g, '')}`,
    status: 'completed',
    priceId: TEST_PACK_PRICES['pack-100'],
    customData,
    occurredAt: clock.now(),
  });
  const response = await h.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paddle-signature': signPaddleBody(body, TEST_WEBHOOK_SECRET),
    },
    body,
  });
  expect(response.status).toBe(200);
  const [grant] = await h.sql<{ id: string }[]>`select id from credit_grants where user_id = ${userId}`;
  purchaseId = grant!.id;
}

async function ledger(query = '', user = userId) {
  const response = await h.request(`/api/credits/ledger${query}`, { token: await h.tokenFor(user) });
  expect(response.status).toBe(200);
  return LedgerReplySchema.parse(await response.json());
}

const brief = (entry: LedgerEntry) => [entry.kind, entry.tool, entry.delta, entry.balance];

describe('GET /api/credits/ledger', () => {
  it('lists every movement newest first with the balance after each', async () => {
    const reply = await ledger();
    expect(reply.entries.map(brief)).toEqual([
      ['refund', 'text-to-image', 20, 126],
      ['tool_use', 'text-to-image', -20, 106],
      ['tool_use', 'text-to-image', -20, 126],
      ['top_up', null, 100, 146],
      ['tool_use', 'image-to-prompt', -2, 46],
      ['tool_use', 'image-to-prompt', -2, 48],
      ['plan_grant', null, 50, 50],
    ]);
    expect(reply.entries.find((entry) => entry.kind === 'top_up')?.purchaseId).toBe(purchaseId);
    expect(reply.entries[0]!.balance).toBe(
      (await h.sql`select credits from accounts where user_id = ${userId}`)[0]!.credits,
    );
    expect(reply.nextCursor).toBeNull();
    // Credits spent per day and tool: the failed image is refunded, so it costs nothing.
    expect(reply.days).toEqual([
      { day: '2025-05-01', tool: 'image-to-prompt', credits: 4 },
      { day: '2025-05-02', tool: 'text-to-image', credits: 20 },
    ]);
  });

  it('filters by tool and by period, keeping each balance as it was', async () => {
    const images = await ledger('?tool=text-to-image');
    expect(images.entries.map(brief)).toEqual([
      ['refund', 'text-to-image', 20, 126],
      ['tool_use', 'text-to-image', -20, 106],
      ['tool_use', 'text-to-image', -20, 126],
    ]);
    const firstDay = await ledger(
      `?from=${encodeURIComponent('2025-05-01T00:00:00Z')}&to=${encodeURIComponent('2025-05-02T00:00:00Z')}`,
    );
    expect(firstDay.entries.map((entry) => entry.kind)).toEqual(['tool_use', 'tool_use', 'plan_grant']);
    expect(firstDay.days).toEqual([{ day: '2025-05-01', tool: 'image-to-prompt', credits: 4 }]);
  });

  it('pages by cursor without skipping or repeating, and refuses a cursor it did not make', async () => {
    const all = (await ledger()).entries.map((entry) => entry.id);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await ledger(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      if (cursor) expect(page.days).toEqual([]);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await h.request('/api/credits/ledger?cursor=bm90LWEtY3Vyc29y', {
      token: await h.tokenFor(userId),
    });
    expect(bad.status).toBe(400);
  });

  it('shows a member only their own movements, and needs a token', async () => {
    const other = newUserId();
    expect((await ledger('', other)).entries.map(brief)).toEqual([['plan_grant', null, 50, 50]]);
    expect((await h.request('/api/credits/ledger')).status).toBe(401);
  });

  it('exports the filtered movements as CSV with a header row', async () => {
    const response = await h.request('/api/credits/ledger?format=csv&tool=image-to-prompt', {
      token: await h.tokenFor(userId),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="credit-history-.*\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'date,type,tool,credits,balance,purchase_id,api_key',
      expect.stringMatching(/^2025-05-01T08:02:00\.000Z,Tool use,image-to-prompt,-2,46,,$/),
      expect.stringMatching(/^2025-05-01T08:01:00\.000Z,Tool use,image-to-prompt,-2,48,,$/),
    ]);
  });

  it("refuses a period at the calendar's edges with a 400 in plain words, in JSON and in CSV", async () => {
    const token = await h.tokenFor(userId);
    for (const query of [
      'from=9999-12-31T23:59:59-23:59',
      'to=9999-12-31T23:59:59-01:00',
      'from=0000-01-01T00:00:00Z',
      'to=0000-01-01T00:00:00%2B14:00&format=csv',
      'from=1999-12-31T23:59:59Z',
      'to=2101-01-01T00:00:00Z',
    ]) {
      const response = await h.request(`/api/credits/ledger?${query}`, { token });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(((await response.json()) as { error: string }).error).toBe(
        ERROR_TEXTS.validation.dateOutOfRange,
      );
    }
    // The bounds themselves are inside: the first instant of 2000 and the last of 2100.
    expect((await ledger('?from=2000-01-01T00:00:00Z&to=2100-12-31T23:59:59.999Z')).entries).toHaveLength(7);
  });
});

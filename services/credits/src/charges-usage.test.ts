// Usage outcomes through the real JetStream stream and durable consumers: commit, release, duplicates,
// redelivery, a consumer restart between reserve and commit, late events after expiry and dead letters.
import { randomUUID } from 'node:crypto';
import { createCreditsClient, type CreditsClient, jetstream, jetstreamManager } from '@act/service-kit';
import { outsideTransaction, silentLogger } from '@act/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { applyUsageEvent, startReserveResponder, startUsageConsumer } from './charges';
import { expireHoldsById } from './db/holds';
import { sweepStaleHolds } from './domain/sweeper';
import { startCreditsHarness, newUserId, type CreditsHarness } from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';
import {
  balanceOf,
  guestReserve,
  holdStatus,
  memberReserve,
  waitForHoldStatus,
  usageEventFor,
} from './test-support/factories';
import { waitUntil } from '@act/service-kit/testing';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-05-01T08:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function usageRows(requestId: string) {
  return h.sql`select user_id, visitor_ip, tool_name, used_credits from tool_usage where request_id = ${requestId}`;
}

describe('usage events', () => {
  it('commit writes one tool_usage row and keeps the charge', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'text-to-image');
    await credits.reserve(request);
    await credits.commit(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'committed');
    expect(await usageRows(request.requestId)).toEqual([
      { user_id: userId, visitor_ip: null, tool_name: 'text-to-image', used_credits: 20 },
    ]);
    expect(await balanceOf(h.sql, userId)).toBe(30);
  });

  it('a guest commit records the visitor IP and no user', async () => {
    const request = guestReserve('203.0.113.99', 'sound-effects');
    await credits.reserve(request);
    await credits.commit(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'committed');
    expect(await usageRows(request.requestId)).toEqual([
      { user_id: null, visitor_ip: '203.0.113.99', tool_name: 'sound-effects', used_credits: 0 },
    ]);
  });

  it('release refunds the hold: a failed generation costs nothing', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'text-to-speech');
    expect(await credits.reserve(request)).toMatchObject({ ok: true, remainingCredits: 20 });
    await credits.release(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    expect(await balanceOf(h.sql, userId)).toBe(50);
    expect(await usageRows(request.requestId)).toEqual([]);
  });

  it('a released guest hold gives the free use back', async () => {
    const ip = '203.0.113.120';
    const request = guestReserve(ip, 'cartoonify');
    await credits.reserve(request);
    await credits.release(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    expect((await credits.reserve(guestReserve(ip, 'cartoonify'))).ok).toBe(true);
  });

  it('a release that arrives before its reserve refuses the late reserve: a call given up on costs nothing', async () => {
    const userId = newUserId();
    // As after a credits stall: the tool service timed out its reserve and released; the release is applied first.
    const request = memberReserve(userId, 'text-to-image');
    await credits.release(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'void');
    const late = await credits.reserve(request);
    expect(late).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
    expect(await balanceOf(h.sql, userId)).toBe(50);
    // The member's next real call is charged as usual.
    expect(await credits.reserve(memberReserve(userId, 'text-to-image'))).toMatchObject({
      ok: true,
      remainingCredits: 30,
    });
  });

  it("a guest's late reserve after its release is refused and leaves the try unused", async () => {
    const ip = '203.0.113.121';
    const request = guestReserve(ip, 'magic-enhance');
    await credits.release(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'void');
    expect(await credits.reserve(request)).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
    expect((await credits.reserve(guestReserve(ip, 'magic-enhance'))).ok).toBe(true);
  });

  it('drops a duplicated publish in JetStream (same message id) and applies the event once', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'text-to-image');
    await credits.reserve(request);
    const js = jetstream(h.nc);
    const body = JSON.stringify(usageEventFor(request));
    const first = await js.publish(h.names.usageReleased, body, { msgID: `${request.requestId}:released` });
    const second = await js.publish(h.names.usageReleased, body, { msgID: `${request.requestId}:released` });
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    expect(await balanceOf(h.sql, userId)).toBe(50);
  });

  it('applies a redelivered event once (processed_events), even past the JetStream dedupe window', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'text-to-image');
    await credits.reserve(request);
    const js = jetstream(h.nc);
    const body = JSON.stringify(usageEventFor(request));
    // Different message ids defeat JetStream's dedupe, as a redelivery after the window would.
    for (let i = 0; i < 3; i += 1)
      await js.publish(h.names.usageReleased, body, { msgID: `${randomUUID()}` });
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    await waitUntil(
      async () =>
        (await jetstreamManager(h.nc)).consumers.info(
          h.names.usageStream,
          `${h.names.usageConsumer}-released`,
        ),
      (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    );
    expect(await balanceOf(h.sql, userId)).toBe(50);
    const refunds =
      await h.sql`select 1 from ledger where request_id = ${request.requestId} and reason = 'refund'`;
    expect(refunds).toHaveLength(1);

    // And applied straight through the domain again (as a redelivery whose ack was lost): no change.
    const again = await applyUsageEvent(h.deps, 'released', usageEventFor(request));
    expect(again).toMatchObject({ fresh: false, applied: false, priorStatus: 'released' });
  });

  it('a release for an already-committed hold refunds nothing', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'image-to-prompt');
    await credits.reserve(request);
    await credits.commit(usageEventFor(request));
    await waitForHoldStatus(h.sql, request.requestId, 'committed');
    const result = await applyUsageEvent(h.deps, 'released', usageEventFor(request));
    expect(result).toMatchObject({ fresh: true, applied: false, priorStatus: 'committed' });
    expect(await balanceOf(h.sql, userId)).toBe(48);
  });

  it('a success committed after the sweeper expired its hold is still charged once and listed; a late release changes nothing', async () => {
    const userId = newUserId();
    const committedLate = memberReserve(userId, 'text-to-image');
    const releasedLate = memberReserve(userId, 'text-to-image');
    await credits.reserve(committedLate);
    await credits.reserve(releasedLate);
    expect(await balanceOf(h.sql, userId)).toBe(10);

    clock.advance(h.config.HOLD_TTL_MS + 1);
    expect(await sweepStaleHolds(h.deps, h.config.HOLD_TTL_MS)).toBeGreaterThanOrEqual(2);
    expect(await holdStatus(h.sql, committedLate.requestId)).toBe('expired');
    expect(await balanceOf(h.sql, userId)).toBe(50);

    await credits.commit(usageEventFor(committedLate));
    await credits.release(usageEventFor(releasedLate));
    await waitForHoldStatus(h.sql, committedLate.requestId, 'committed');
    await waitUntil(
      async () =>
        h.sql`select 1 from processed_events where event_id = ${`${releasedLate.requestId}:released`}`,
      (rows) => rows.length === 1,
    );
    // Applied again (a redelivery past the dedupe window): still one charge.
    await applyUsageEvent(h.deps, 'committed', usageEventFor(committedLate));
    expect(await holdStatus(h.sql, releasedLate.requestId)).toBe('expired');
    expect(await balanceOf(h.sql, userId)).toBe(30);
    expect(await usageRows(committedLate.requestId)).toHaveLength(1);
  });

  it('a success whose hold the sweeper expires while the commit is being applied is still charged once', async () => {
    const userId = newUserId();
    const request = memberReserve(userId, 'text-to-image');
    await credits.reserve(request);
    expect(await balanceOf(h.sql, userId)).toBe(30);
    // The sweeper holds the hold's row (as expireHoldsById does when the hold's time is up) when the commit's
    // statement reaches it: the statement read the hold as held, waits, then finds it expired and settles nothing.
    const { applying } = await h.sql.begin(async (tx) => {
      await tx`select 1 from holds where request_id = ${request.requestId} for update`;
      // Another process's commit, on its own connection: not a query of this transaction.
      const applying = outsideTransaction(() => applyUsageEvent(h.deps, 'committed', usageEventFor(request)));
      // Read on a connection of its own: inside a transaction pg_stat_activity is one snapshot, read once.
      await waitUntil(
        () =>
          outsideTransaction(
            () => h.sql`
          select 1 from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%insert into processed_events%'
            and datname = current_database()`,
          ),
        (rows) => rows.length === 1,
        { what: "the commit waiting on the sweeper's row lock" },
      );
      expect(await expireHoldsById(tx, [request.requestId], clock.now())).toBe(1);
      // Not returned bare: the transaction must commit before the waiting commit can finish.
      return { applying };
    });
    expect(await applying).toMatchObject({ fresh: true, applied: true });
    expect(await holdStatus(h.sql, request.requestId)).toBe('committed');
    expect(await balanceOf(h.sql, userId)).toBe(30);
    expect(await usageRows(request.requestId)).toHaveLength(1);
    const entries =
      await h.sql`select reason, delta from ledger where request_id = ${request.requestId} order by id`;
    expect(entries).toEqual([
      { reason: 'charge', delta: -20 },
      { reason: 'expiry_refund', delta: 20 },
      { reason: 'late_charge', delta: -20 },
    ]);
  });

  it('a late success the balance cannot cover takes what is there and records the rest as debt', async () => {
    const userId = newUserId();
    const late = memberReserve(userId, 'text-to-image');
    await credits.reserve(late);
    clock.advance(h.config.HOLD_TTL_MS + 1);
    await sweepStaleHolds(h.deps, h.config.HOLD_TTL_MS);
    // Meanwhile the member spent most of the refunded credits.
    await credits.reserve(memberReserve(userId, 'text-to-speech'));
    await credits.reserve(memberReserve(userId, 'magic-enhance'));
    expect(await balanceOf(h.sql, userId)).toBe(19);

    await credits.commit(usageEventFor(late));
    await waitForHoldStatus(h.sql, late.requestId, 'committed');
    expect(await balanceOf(h.sql, userId)).toBe(0);
    const [entry] = await h.sql`
      select delta, debt from ledger where request_id = ${late.requestId} and reason = 'late_charge'`;
    expect(entry).toEqual({ delta: -19, debt: 1 });
    expect(await usageRows(late.requestId)).toHaveLength(1);
  });
});

describe('consumer restarts', () => {
  it('applies a commit published while the consumer was stopped exactly once after restart', async () => {
    // A second, separately controlled consumer set: stop it, publish, start it again.
    await h.workers!.stop();
    const userId = newUserId();
    const request = memberReserve(userId, 'voice-isolator');
    const responder = startReserveResponder({
      ...h.deps,
      names: h.names,
      guestDailyBudgetPerTool: h.config.GUEST_DAILY_BUDGET_PER_TOOL,
    });
    expect(await credits.reserve(request)).toMatchObject({ ok: true, remainingCredits: 30 });

    await credits.commit(usageEventFor(request));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await holdStatus(h.sql, request.requestId)).toBe('held');

    const consumer = await startUsageConsumer({
      ...h.deps,
      names: h.names,
      logger: silentLogger(),
      maxDeliver: h.config.USAGE_MAX_DELIVER,
    });
    try {
      await waitForHoldStatus(h.sql, request.requestId, 'committed');
      // Restart once more: nothing is delivered or applied twice.
      await consumer.stop();
      const again = await startUsageConsumer({
        ...h.deps,
        names: h.names,
        logger: silentLogger(),
        maxDeliver: h.config.USAGE_MAX_DELIVER,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await again.stop();
    } finally {
      await consumer.stop().catch(() => undefined);
      await responder.stop();
    }
    expect(await usageRows(request.requestId)).toHaveLength(1);
    expect(await balanceOf(h.sql, userId)).toBe(30);
  });
});

describe('dead letters', () => {
  it('moves a malformed event to the dead-letter subject instead of retrying it forever', async () => {
    const consumer = await startUsageConsumer({
      ...h.deps,
      names: h.names,
      logger: silentLogger(),
      maxDeliver: 3,
    });
    try {
      const js = jetstream(h.nc);
      const published = await js.publish(h.names.usageCommitted, JSON.stringify({ requestId: 'not-a-uuid' }));
      const jsm = await jetstreamManager(h.nc);
      const dead = await waitUntil(
        async () =>
          jsm.streams
            .getMessage(h.names.usageStream, { last_by_subj: h.names.usageDeadLetter })
            .catch(() => null),
        (message) => message !== null,
      );
      expect(JSON.parse(new TextDecoder().decode(dead!.data))).toEqual({ requestId: 'not-a-uuid' });
      expect(published.seq).toBeGreaterThan(0);
    } finally {
      await consumer.stop();
    }
  });
});

// The sweeper expires and refunds holds nobody settled, once, even with several sweepers running at once.
import { natsNames } from '@act/contracts/server';
import { createCreditsClient, type CreditsClient } from '@act/service-kit';
import { silentLogger } from '@act/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { balanceOf, guestReserve, holdStatus, memberReserve } from '../test-support/factories';
import { startReplicaLeases } from '../nats/replica-leases';
import { expireLapsedLeases, sweepStaleHolds } from './sweeper';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-06-01T00:00:00.000Z');
const TTL = 600_000;

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

describe('hold sweeper', () => {
  it('uses a 10 minute TTL by default', () => {
    expect(h.config.HOLD_TTL_MS).toBe(TTL);
  });

  it('refunds holds left held past the TTL and leaves younger ones alone', async () => {
    const userId = newUserId();
    const old = memberReserve(userId, 'text-to-image');
    await credits.reserve(old);
    clock.advance(TTL - 60_000);
    const young = memberReserve(userId, 'magic-enhance');
    await credits.reserve(young);
    expect(await balanceOf(h.sql, userId)).toBe(29);

    clock.advance(60_001);
    expect(await sweepStaleHolds(h.deps, TTL)).toBe(1);
    expect(await holdStatus(h.sql, old.requestId)).toBe('expired');
    expect(await holdStatus(h.sql, young.requestId)).toBe('held');
    expect(await balanceOf(h.sql, userId)).toBe(49);
    const [entry] =
      await h.sql`select delta, reason from ledger where request_id = ${old.requestId} and delta > 0`;
    expect(entry).toEqual({ delta: 20, reason: 'expiry_refund' });

    clock.advance(TTL);
    expect(await sweepStaleHolds(h.deps, TTL)).toBe(1);
    expect(await balanceOf(h.sql, userId)).toBe(50);
  });

  it('expires a stale guest hold, which frees the guest use again', async () => {
    const ip = '192.0.2.200';
    await credits.reserve(guestReserve(ip, 'text-to-image'));
    clock.advance(TTL + 1);
    await sweepStaleHolds(h.deps, TTL);
    expect((await credits.reserve(guestReserve(ip, 'text-to-image'))).ok).toBe(true);
  });

  it('refunds each hold once when several sweepers run at the same time', async () => {
    const users = Array.from({ length: 20 }, () => newUserId());
    for (const userId of users) {
      for (let i = 0; i < 5; i += 1) await credits.reserve(memberReserve(userId, 'image-to-prompt'));
    }
    clock.advance(TTL + 1);
    const counts = await Promise.all(Array.from({ length: 4 }, () => sweepStaleHolds(h.deps, TTL, 7)));
    // The earlier guest hold is stale too; the 100 member holds must each expire exactly once.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(101);
    const [expired] =
      await h.sql`select count(*)::int as n from holds where user_id in ${h.sql(users)} and status = 'expired'`;
    expect(expired).toEqual({ n: 100 });
    for (const userId of users) expect(await balanceOf(h.sql, userId)).toBe(50);
  });
});

describe('lease sweeper (a replica that died mid-call)', () => {
  it('refunds the holds of a replica silent for longer than its lease, and only those', async () => {
    const leases = startReplicaLeases({ nc: h.nc, namespace: h.namespace, logger: silentLogger(), clock });
    try {
      const announce = async (replica: string) => {
        h.nc.publish(natsNames(h.namespace).chargeLeases, JSON.stringify({ replica, leaseMs: 5_000 }));
        await expect.poll(() => leases.lastHeard(replica)).toBe(clock.now().getTime());
      };
      const userId = newUserId();
      const dead = memberReserve(userId, 'text-to-image', { lease: { replica: 'dead', ms: 5_000 } });
      const alive = memberReserve(userId, 'magic-enhance', { lease: { replica: 'alive', ms: 5_000 } });
      // Durable work (a voice job another replica re-runs) carries no lease: only the TTL expires it.
      const durable = memberReserve(userId, 'image-to-prompt');
      for (const request of [dead, alive, durable]) expect((await credits.reserve(request)).ok).toBe(true);
      expect(await balanceOf(h.sql, userId)).toBe(27);

      clock.advance(4_000);
      await announce('alive');
      // Silent for 4 s of a 5 s lease: still alive as far as credits knows.
      expect(await expireLapsedLeases(h.deps, leases)).toBe(0);

      clock.advance(2_000);
      await announce('alive');
      expect(await expireLapsedLeases(h.deps, leases)).toBe(1);
      expect(await holdStatus(h.sql, dead.requestId)).toBe('expired');
      expect(await holdStatus(h.sql, alive.requestId)).toBe('held');
      expect(await holdStatus(h.sql, durable.requestId)).toBe('held');
      expect(await balanceOf(h.sql, userId)).toBe(47);
      // Expired once: a second sweep finds nothing more.
      expect(await expireLapsedLeases(h.deps, leases)).toBe(0);
    } finally {
      await leases.stop();
    }
  });
});

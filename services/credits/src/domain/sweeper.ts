// Expiring holds nobody settled (the tool service crashed or lost its connection): after the TTL they are refunded,
// and a synchronous call's hold as soon as the replica running it has been silent for its lease (it died).
import type { CreditsStore } from '../db/credits-store';
import type { ReplicaLeases } from '../nats/replica-leases';
import type { Clock } from '../clock';

const SWEEP_BATCH = 500;

export interface SweepDeps {
  store: CreditsStore;
  clock: Clock;
}

/** Expires and refunds every hold older than `ttlMs`, in batches; returns how many expired. */
export async function sweepStaleHolds(
  { store, clock }: SweepDeps,
  ttlMs: number,
  batchSize: number = SWEEP_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - ttlMs);
    const expired = await store.transaction((tx) => tx.expireHolds({ cutoff, now, limit: batchSize }));
    total += expired;
    if (expired < batchSize) return total;
  }
}

/**
 * Expires and refunds the held holds whose replica has not announced itself for longer than their lease: the call
 * died with its replica (killed, out of memory) and nobody will settle it. A success that still arrives (the
 * replica was only cut off from NATS) is charged as a late commit, like after the TTL. Returns how many expired.
 */
export async function expireLapsedLeases(
  { store, clock }: SweepDeps,
  leases: ReplicaLeases,
  batchSize: number = SWEEP_BATCH,
): Promise<number> {
  const now = clock.now();
  const candidates = await store.findLeasedHolds(now, batchSize);
  const lapsed = candidates
    .filter((hold) => {
      // A reserve proves its replica was alive when the hold was made.
      const alive = Math.max(leases.lastHeard(hold.replica), hold.created_at.getTime());
      return now.getTime() - alive > hold.lease_ms;
    })
    .map((hold) => hold.request_id);
  if (lapsed.length === 0) return 0;
  return store.transaction((tx) => tx.expireHoldsById(lapsed, now));
}

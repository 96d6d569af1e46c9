// The periodic account job: applies monthly resets and scheduled plan changes that fell due, so balances are right
// even for members who never open the app (reads and reserves also apply them lazily).
import { applyDueChanges } from './account-lifecycle';
import type { CreditsStore } from '../db/credits-store';
import type { Clock } from '../clock';

const JOB_BATCH = 200;

export interface MonthlyResetDeps {
  store: CreditsStore;
  clock: Clock;
}

/** Applies everything due on every account; returns how many accounts were updated. */
export async function applyDueAccountChanges({ store, clock }: MonthlyResetDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    // SKIP LOCKED: replicas running the job at once split the work instead of queueing on the same rows.
    const count = await store.transaction(async (tx) => {
      const userIds = await tx.lockDueAccounts(now, JOB_BATCH);
      for (const userId of userIds) await applyDueChanges(tx, userId, now);
      return userIds.length;
    });
    total += count;
    if (count < JOB_BATCH) return total;
  }
}

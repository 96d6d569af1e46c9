// Expiring holds nobody settled (the tool service crashed or lost its connection): after the TTL they are refunded.
import type { Sql } from '@act/service-kit';
import { expireHolds } from '../db/holds';
import type { Clock } from '../clock';

const SWEEP_BATCH = 500;

export interface SweepDeps {
  sql: Sql;
  clock: Clock;
}

/** Expires and refunds every hold older than `ttlMs`, in batches; returns how many expired. */
export async function sweepStaleHolds(
  { sql, clock }: SweepDeps,
  ttlMs: number,
  batchSize: number = SWEEP_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - ttlMs);
    const expired = await sql.begin((tx) => expireHolds(tx, { cutoff, now, limit: batchSize }));
    total += expired;
    if (expired < batchSize) return total;
  }
}

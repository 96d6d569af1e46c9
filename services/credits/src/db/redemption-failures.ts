// Wrong redemption codes per member and per address (docs/product-rules.md#redemption-codes): one row per subject
// with the start of its hour and the wrong codes since. Called inside the redemption's transaction: the row lock
// taken by lockRedemptionFailures is what makes the count race-safe.
import type { Db } from '@act/service-kit';

export interface FailureCount {
  subject: string;
  window_start: Date;
  failures: number;
}

/**
 * Locks the subjects' rows (creating them; a window that has run out starts over at zero) and returns their counts.
 * Subjects are locked in sorted order, so two redemptions sharing a member or an address never deadlock.
 */
export async function lockRedemptionFailures(
  db: Db,
  subjects: readonly string[],
  windowMs: number,
  now: Date,
): Promise<FailureCount[]> {
  const sorted = [...new Set(subjects)].sort();
  const expired = new Date(now.getTime() - windowMs);
  const counts: FailureCount[] = [];
  for (const subject of sorted) {
    const [row] = await db<FailureCount[]>`
      insert into redemption_failures as f (subject, window_start, failures) values (${subject}, ${now}, 0)
      on conflict (subject) do update set
        window_start = case when f.window_start <= ${expired} then ${now} else f.window_start end,
        failures = case when f.window_start <= ${expired} then 0 else f.failures end
      returning subject, window_start, failures`;
    counts.push(row!);
  }
  return counts;
}

/** Counts one wrong code for each (locked) subject; the first of a window starts its hour. */
export async function addRedemptionFailure(db: Db, subjects: readonly string[], now: Date): Promise<void> {
  await db`
    update redemption_failures
    set failures = failures + 1, window_start = case when failures = 0 then ${now} else window_start end
    where subject = any(${[...subjects]}::text[])`;
}

/**
 * Deletes the rows whose window has ended: such a row is read as zero by the subject's next redemption anyway, so
 * keeping it would only grow the table by one row for every member and address that ever redeemed. A row a
 * redemption holds is waited for and re-read, so one it has just started afresh is kept.
 */
export async function deleteEndedRedemptionWindows(db: Db, windowMs: number, now: Date): Promise<number> {
  const rows = await db`
    delete from redemption_failures where window_start <= ${new Date(now.getTime() - windowMs)} returning 1`;
  return rows.length;
}

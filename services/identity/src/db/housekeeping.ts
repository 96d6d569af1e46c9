// Deletes rows that can no longer matter: expired refresh tokens and attempts, used or expired email tokens.
import type { PeriodicJobOptions, Sql } from '@act/service-kit';

const HOUSEKEEPING_INTERVAL_MS = 3600 * 1000;

/** The hourly job that runs deleteExpiredRows (every replica; deleting twice changes nothing). */
export function housekeepingJob(sql: Sql): Omit<PeriodicJobOptions, 'logger'> {
  return { name: 'housekeeping', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => deleteExpiredRows(sql) };
}

export async function deleteExpiredRows(sql: Sql): Promise<void> {
  // Rotated tokens are kept until they expire: a replay of one must still be recognised as reuse.
  await sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`;
  await sql`
    delete from session_families f
    where (f.revoked_at < now() - interval '30 days')
       or not exists (select 1 from refresh_tokens t where t.family_id = f.id)
         and f.created_at < now() - interval '1 day'`;
  await sql`delete from one_time_tokens where expires_at < now() - interval '1 day'`;
  await sql`delete from oauth_attempts where expires_at < now()`;
  await sql`delete from reauth_proofs where expires_at < now()`;
  await sql`delete from email_outbox where sent_at < now() - interval '30 days'`;
}

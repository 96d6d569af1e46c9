// Queries on single-use email tokens (password recovery and email change).
import type { Db } from '@act/service-kit';

export type OneTimePurpose = 'recovery' | 'email_change';

/** A new token replaces any still-open token of the same purpose: only the latest emailed link works. */
export async function replaceOneTimeToken(
  sql: Db,
  token: { hash: Buffer; userId: string; purpose: OneTimePurpose; newEmail: string | null; expiresAt: Date },
): Promise<void> {
  await sql`
    update one_time_tokens set used_at = now()
    where user_id = ${token.userId} and purpose = ${token.purpose} and used_at is null`;
  await sql`
    insert into one_time_tokens (token_hash, user_id, purpose, new_email, expires_at)
    values (${token.hash}, ${token.userId}, ${token.purpose}, ${token.newEmail}, ${token.expiresAt})`;
}

/** Uses a token up: succeeds once, only before it expires. */
export async function consumeOneTimeToken(
  sql: Db,
  hash: Buffer,
  purpose: OneTimePurpose,
): Promise<{ user_id: string; new_email: string | null } | undefined> {
  const [row] = await sql<{ user_id: string; new_email: string | null }[]>`
    update one_time_tokens set used_at = now()
    where token_hash = ${hash} and purpose = ${purpose} and used_at is null and expires_at > now()
    returning user_id, new_email`;
  return row;
}

// Queries of account deletion (docs/product-rules.md#account-deletion): marking the user deleted with its personal
// data removed, revoking its API keys, and dropping its e-mails.
import type { Db } from '@act/service-kit';

/**
 * Marks the user deleted (row locked by the update; false when it was already): the address becomes a placeholder
 * under `.invalid` (RFC 2606: never deliverable), so the real one is free to sign up again, and the password and
 * Google link go, so nothing can sign in as this account any more.
 */
export async function markUserDeleted(db: Db, userId: string, at: Date): Promise<boolean> {
  const rows = await db`
    update users set
      email = ${`deleted-${userId}@deleted.invalid`},
      password_hash = null,
      google_subject = null,
      email_verified = false,
      deleted_at = ${at},
      updated_at = ${at}
    where id = ${userId} and deleted_at is null
    returning id`;
  return rows.length > 0;
}

/** Revokes every live personal API key of the user; returns how many. */
export async function revokeUserApiKeys(db: Db, userId: string, at: Date): Promise<number> {
  const result =
    await db`update api_keys set revoked_at = ${at} where user_id = ${userId} and revoked_at is null`;
  return result.count;
}

/**
 * Removes what else identity holds for the user: unused e-mail links, staff roles, e-mails to the old address, reauth
 * proofs, Google sign-ins started for the deletion and data exports (their zips are deleted after the commit).
 */
export async function deleteUserLeftovers(db: Db, userId: string, email: string): Promise<void> {
  await db`delete from one_time_tokens where user_id = ${userId}`;
  await db`delete from user_roles where user_id = ${userId}`;
  await db`delete from email_outbox where recipient = ${email}`;
  await db`delete from reauth_proofs where user_id = ${userId}`;
  await db`delete from oauth_attempts where user_id = ${userId}`;
  await db`delete from data_exports where user_id = ${userId}`;
}

// Queries on session families and their refresh tokens (only token digests are stored).
import type { Db } from '@act/service-kit';

export type RevokeReason =
  'logout' | 'reuse' | 'password_change' | 'password_reset' | 'email_claimed' | 'account_deleted';

export interface LockedRefreshToken {
  family_id: string;
  user_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  /** Rotated no longer ago than the grace window given to lockRefreshToken (by the database clock). */
  rotated_within_grace: boolean;
  successor_salt: Buffer | null;
  family_revoked_at: Date | null;
}

export async function insertFamily(sql: Db, family: { id: string; userId: string }): Promise<void> {
  await sql`insert into session_families (id, user_id) values (${family.id}, ${family.userId})`;
}

export async function insertRefreshToken(
  sql: Db,
  token: { hash: Buffer; familyId: string; expiresAt: Date },
): Promise<void> {
  await sql`
    insert into refresh_tokens (token_hash, family_id, expires_at)
    values (${token.hash}, ${token.familyId}, ${token.expiresAt})`;
}

/**
 * Reads a refresh token and locks its row until the transaction ends: two requests presenting the same token queue
 * here, and the second one sees the rotation the first one made.
 */
export async function lockRefreshToken(
  sql: Db,
  hash: Buffer,
  graceSeconds: number,
): Promise<LockedRefreshToken | undefined> {
  const [row] = await sql<LockedRefreshToken[]>`
    select t.family_id, f.user_id, t.expires_at, t.rotated_at, t.successor_salt,
      coalesce(t.rotated_at > now() - make_interval(secs => ${graceSeconds}), false) as rotated_within_grace,
      f.revoked_at as family_revoked_at
    from refresh_tokens t join session_families f on f.id = t.family_id
    where t.token_hash = ${hash}
    for update of t`;
  return row;
}

export async function markRotated(sql: Db, hash: Buffer, successorSalt: Buffer): Promise<void> {
  await sql`
    update refresh_tokens set rotated_at = now(), successor_salt = ${successorSalt} where token_hash = ${hash}`;
}

export async function findFamilyOfToken(
  sql: Db,
  hash: Buffer,
): Promise<{ family_id: string; user_id: string } | undefined> {
  const [row] = await sql<{ family_id: string; user_id: string }[]>`
    select t.family_id, f.user_id
    from refresh_tokens t join session_families f on f.id = t.family_id
    where t.token_hash = ${hash}`;
  return row;
}

/** Revokes the family; false when it already was. */
export async function revokeFamily(sql: Db, familyId: string, reason: RevokeReason): Promise<boolean> {
  const result = await sql`
    update session_families set revoked_at = now(), revoked_reason = ${reason}
    where id = ${familyId} and revoked_at is null`;
  return result.count > 0;
}

/** Ends every session of a user, except the one the request came from when it is given. */
export async function revokeUserFamilies(
  sql: Db,
  userId: string,
  reason: RevokeReason,
  exceptFamilyId?: string,
): Promise<number> {
  const result = await sql`
    update session_families set revoked_at = now(), revoked_reason = ${reason}
    where user_id = ${userId} and revoked_at is null
      and (${exceptFamilyId ?? null}::uuid is null or id <> ${exceptFamilyId ?? null}::uuid)`;
  return result.count;
}

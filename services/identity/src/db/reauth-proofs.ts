// Queries on reauth proofs: what a purpose-bound Google sign-in leaves for the member who started it, and what the
// deletion of a Google account spends (migration 012, docs/product-rules.md#account-deletion).
import type { Db } from '@act/service-kit';

/** What a proof may be spent on (the only purpose so far). */
export type ReauthPurpose = 'delete-account';

/** Records (or renews) the member's proof, valid `maxAgeSeconds` by the database clock. */
export async function recordReauthProof(
  db: Db,
  proof: { userId: string; purpose: ReauthPurpose; maxAgeSeconds: number },
): Promise<void> {
  await db`
    insert into reauth_proofs (user_id, purpose, expires_at)
    values (${proof.userId}, ${proof.purpose}, now() + ${proof.maxAgeSeconds} * interval '1 second')
    on conflict (user_id, purpose) do update set expires_at = excluded.expires_at`;
}

/** Spends the member's unexpired proof (single use); false when there is none. */
export async function takeReauthProof(db: Db, userId: string, purpose: ReauthPurpose): Promise<boolean> {
  const rows = await db`
    delete from reauth_proofs where user_id = ${userId} and purpose = ${purpose} and expires_at > now()
    returning user_id`;
  return rows.length > 0;
}

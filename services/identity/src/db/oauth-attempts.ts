// Queries on Google sign-in attempts (PKCE verifier and nonce kept server-side between redirect and callback; for a
// purpose-bound sign-in also the purpose and the member who started it, migration 012).
import type { Db } from '@act/service-kit';
import type { ReauthPurpose } from './reauth-proofs';

export interface OAuthAttemptRow {
  code_verifier: string;
  nonce: string;
  redirect_to: string;
  /** Null for a plain sign-in. */
  purpose: ReauthPurpose | null;
  /** The member who started a purpose-bound sign-in; null for a plain one. */
  user_id: string | null;
}

export interface NewOAuthAttempt {
  stateHash: Buffer;
  codeVerifier: string;
  nonce: string;
  redirectTo: string;
  expiresAt: Date;
  reauth?: { purpose: ReauthPurpose; userId: string };
}

export async function insertOAuthAttempt(sql: Db, attempt: NewOAuthAttempt): Promise<void> {
  await sql`
    insert into oauth_attempts (state_hash, code_verifier, nonce, redirect_to, expires_at, purpose, user_id)
    values (${attempt.stateHash}, ${attempt.codeVerifier}, ${attempt.nonce}, ${attempt.redirectTo},
      ${attempt.expiresAt}, ${attempt.reauth?.purpose ?? null}, ${attempt.reauth?.userId ?? null})`;
}

/** Takes the attempt out (single use); undefined when unknown, already used or expired. */
export async function takeOAuthAttempt(sql: Db, stateHash: Buffer): Promise<OAuthAttemptRow | undefined> {
  const [row] = await sql<OAuthAttemptRow[]>`
    delete from oauth_attempts where state_hash = ${stateHash} and expires_at > now()
    returning code_verifier, nonce, redirect_to, purpose, user_id`;
  return row;
}

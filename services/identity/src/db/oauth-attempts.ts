// Queries on Google sign-in attempts (PKCE verifier and nonce kept server-side between redirect and callback).
import type { Db } from '@act/service-kit';

export interface OAuthAttemptRow {
  code_verifier: string;
  nonce: string;
  redirect_to: string;
}

export async function insertOAuthAttempt(
  sql: Db,
  attempt: { stateHash: Buffer; codeVerifier: string; nonce: string; redirectTo: string; expiresAt: Date },
): Promise<void> {
  await sql`
    insert into oauth_attempts (state_hash, code_verifier, nonce, redirect_to, expires_at)
    values (${attempt.stateHash}, ${attempt.codeVerifier}, ${attempt.nonce}, ${attempt.redirectTo}, ${attempt.expiresAt})`;
}

/** Takes the attempt out (single use); undefined when unknown, already used or expired. */
export async function takeOAuthAttempt(sql: Db, stateHash: Buffer): Promise<OAuthAttemptRow | undefined> {
  const [row] = await sql<OAuthAttemptRow[]>`
    delete from oauth_attempts where state_hash = ${stateHash} and expires_at > now()
    returning code_verifier, nonce, redirect_to`;
  return row;
}

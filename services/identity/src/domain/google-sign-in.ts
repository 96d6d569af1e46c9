// Google sign-in: start (PKCE verifier and nonce kept server-side, state bound to the browser by a cookie) and
// finish (validate, then find the account by Google subject, link it by verified email, or create it).
//
// Linking to a password account whose address was never proved (pre-account takeover): anyone can sign up with an
// address they do not own and wait for its owner to arrive through Google. We let the owner in and take the account
// back from the squatter: the unproved password is removed and every session of the account ends, in one
// transaction with the link. Refusing and asking for a password sign-in first would lock the owner out (they do not
// know the squatter's password) and prove nothing (a password sign-in says nothing about the mailbox). A member who
// set the password themselves loses only the password; Google keeps working, and "Forgot password" sets a new one.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { IdentityStore } from '../db/identity-store';
import type { OAuthAttemptRow } from '../db/oauth-attempts';
import type { ReauthPurpose } from '../db/reauth-proofs';
import type { GoogleIdentity, GoogleOidc } from '../providers/google-oidc';
import { toAccountUser, type AccountUser } from './account-user';
import { digest, randomSecret } from './secrets';
import type { TokenRevocations } from './token-revocations';
import type { UserEvents } from './user-events';

/** How long a user may take at Google's consent screen. */
export const GOOGLE_ATTEMPT_TTL_SECONDS = 600;

export interface GoogleSignInDeps {
  store: IdentityStore;
  events: UserEvents;
  google: GoogleOidc;
  logger: Logger;
  revocations: TokenRevocations;
}

/** Raised for anything that makes the sign-in fail on the protocol side; shown as 'Google sign-in failed'. */
export function signInFailed(reason: string): AppError {
  return new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.googleSignInFailed, {
    cause: new Error(reason),
  });
}

/** A same-origin path only: `//host` and `/\host` are other origins to a browser. */
export function safeRedirectPath(path: string | undefined): string {
  if (!path || !/^\/(?![/\\])[^\s\\]*$/.test(path)) return '/dashboard';
  return path;
}

/**
 * Starts a sign-in at Google. `reauth` binds it to a member and a purpose (domain/google-reauth.ts): its callback then
 * proves that member instead of signing anyone in.
 */
export async function startGoogleSignIn(
  deps: Pick<GoogleSignInDeps, 'store' | 'google'>,
  redirectTo: string | undefined,
  reauth?: { purpose: ReauthPurpose; userId: string },
): Promise<{ url: string; state: string }> {
  const state = randomSecret();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = await deps.google.authorizationUrl({ state, nonce, codeVerifier });
  await deps.store.insertOAuthAttempt({
    stateHash: digest(state),
    codeVerifier,
    nonce,
    redirectTo: safeRedirectPath(redirectTo),
    expiresAt: new Date(Date.now() + GOOGLE_ATTEMPT_TTL_SECONDS * 1000),
    reauth,
  });
  return { url, state };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface CallbackInput {
  /** The callback URL as the provider sent the browser to it (PUBLIC_URL + path + query). */
  callbackUrl: URL;
  /** The state cookie set by startGoogleSignIn in this browser. */
  stateCookie: string | undefined;
}

/** The attempt this callback finishes (taken out: a state works once), once its state proved the browser. */
export async function takeGoogleAttempt(
  deps: Pick<GoogleSignInDeps, 'store'>,
  { callbackUrl, stateCookie }: CallbackInput,
): Promise<{ attempt: OAuthAttemptRow; state: string }> {
  const state = callbackUrl.searchParams.get('state');
  // The state must come back to the same browser that started: this stops an attacker from making a victim's
  // browser finish the attacker's sign-in (login CSRF).
  if (!state || !stateCookie || !sameSecret(state, stateCookie)) throw signInFailed('state mismatch');
  const attempt = await deps.store.takeOAuthAttempt(digest(state));
  if (!attempt) throw signInFailed('unknown or expired sign-in attempt');
  return { attempt, state };
}

/** Finishes a plain sign-in: finds, links or creates the account of the Google identity. */
export async function finishGoogleSignIn(
  deps: GoogleSignInDeps,
  callbackUrl: URL,
  { attempt, state }: { attempt: OAuthAttemptRow; state: string },
): Promise<{ user: AccountUser; redirectTo: string }> {
  const identity = await exchangeCode(deps, callbackUrl, state, attempt);
  // Only an address Google has verified may open or link an account.
  if (!identity.email || !identity.emailVerified) throw signInFailed('email missing or not verified');
  const email = identity.email.trim().toLowerCase();

  const user = await accountForGoogle(deps, identity.subject, email);
  return { user, redirectTo: attempt.redirect_to };
}

/** Who Google says signed in; throws signInFailed when the provider refused or anything in its answer is off. */
export async function exchangeCode(
  deps: Pick<GoogleSignInDeps, 'google' | 'logger'>,
  callbackUrl: URL,
  state: string,
  attempt: OAuthAttemptRow,
): Promise<GoogleIdentity> {
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) throw signInFailed(`provider answered ${providerError}`);
  try {
    return await deps.google.exchange(callbackUrl, {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.code_verifier,
    });
  } catch (error) {
    // Only name and message: provider errors may carry response bodies we do not want in logs.
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    deps.logger.warn({ error: { name, message } }, 'Google code exchange failed');
    throw signInFailed('code exchange failed');
  }
}

async function accountForGoogle(
  deps: GoogleSignInDeps,
  subject: string,
  email: string,
): Promise<AccountUser> {
  const linked = await deps.store.findUserByGoogleSubject(subject);
  if (linked) return toAccountUser(linked);

  const existing = await deps.store.findUserByEmail(email);
  if (existing) return link(deps, existing.id, subject);

  const created = await deps.store.transaction(async (tx) => {
    const row = await tx.insertUser({
      id: randomUUID(),
      email,
      passwordHash: null,
      googleSubject: subject,
      emailVerified: true,
    });
    if (row) await deps.events.record(tx, toAccountUser(row));
    return row;
  });
  if (created) {
    await deps.events.publishPending();
    return toAccountUser(created);
  }
  // A concurrent sign-up or Google sign-in created the account first: use it (docs/product-rules.md#states: duplicate
  // key → re-read).
  const winner =
    (await deps.store.findUserByGoogleSubject(subject)) ?? (await deps.store.findUserByEmail(email));
  if (!winner) throw new Error('account vanished during Google sign-in');
  return winner.google_subject === subject ? toAccountUser(winner) : link(deps, winner.id, subject);
}

async function link(deps: GoogleSignInDeps, userId: string, subject: string): Promise<AccountUser> {
  let notBefore: Date | undefined;
  const linked = await deps.store.transaction(async (tx) => {
    const outcome = await tx.linkGoogleSubject(userId, subject);
    if (outcome?.tookOverUnverified) {
      await tx.revokeUserFamilies(userId, 'email_claimed');
      // Whoever set the password may hold access tokens too: they end now, not in up to 15 minutes.
      notBefore = new Date();
      await tx.setTokensNotBefore(userId, notBefore);
    }
    return outcome;
  });
  if (notBefore) deps.revocations.userCutOff(userId, notBefore);
  // The account is already linked to a different Google account: do not silently take it over.
  if (!linked) throw signInFailed('account linked to another Google account');
  if (linked.tookOverUnverified) {
    deps.logger.warn({ userId }, 'Google proved an unverified address: password removed, sessions ended');
  }
  return toAccountUser(linked.user);
}

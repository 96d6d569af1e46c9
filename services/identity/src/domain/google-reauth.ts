// The Google sign-in a Google account (no password) proves it is its owner with before deleting itself
// (docs/product-rules.md#account-deletion). It is purpose-bound: the member starts it from their own session, the
// attempt records the purpose and the member, and the callback leaves a single-use proof valid 5 minutes for THAT
// member only, and only when Google signed in the account linked to it. It signs nobody in: a plain sign-in, or one
// a session hijacker triggers for another reason, proves nothing, and a proof serves only the member it names.
import {
  ACCOUNT_CONTROL_TEXTS,
  ACCOUNT_PATH,
  GOOGLE_REAUTH_PARAM,
  REAUTH_MAX_AGE_SECONDS,
} from '@act/contracts';
import type { GoogleReauthResult } from '@act/contracts';
import { AppError, ErrorCode, isAppError } from '@act/service-kit';
import type { OAuthAttemptRow } from '../db/oauth-attempts';
import type { ReauthPurpose } from '../db/reauth-proofs';
import { exchangeCode, startGoogleSignIn, type GoogleSignInDeps } from './google-sign-in';

const PURPOSE: ReauthPurpose = 'delete-account';

/** The account page with the outcome, where the deletion dialog opens again (the server picks it, never the client). */
function accountPageWith(result: GoogleReauthResult): string {
  return `${ACCOUNT_PATH}&${new URLSearchParams({ [GOOGLE_REAUTH_PARAM]: result }).toString()}`;
}

/** Starts the purpose-bound sign-in for the member; a password account deletes with its password instead. */
export async function startGoogleReauth(
  deps: Pick<GoogleSignInDeps, 'store' | 'google'>,
  userId: string,
): Promise<{ url: string; state: string }> {
  const user = await deps.store.findUserById(userId);
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, ACCOUNT_CONTROL_TEXTS.errors.reauthFailed);
  if (user.password_hash || !user.google_subject) {
    throw new AppError(ErrorCode.FORBIDDEN, ACCOUNT_CONTROL_TEXTS.errors.usePassword);
  }
  return startGoogleSignIn(deps, accountPageWith('confirmed'), { purpose: PURPOSE, userId });
}

/**
 * Finishes a purpose-bound attempt: records the proof when Google signed in the account linked to the member who
 * started it. Returns where the browser goes: the account page, saying whether Google confirmed the member.
 */
export async function finishGoogleReauth(
  deps: Pick<GoogleSignInDeps, 'store' | 'google' | 'logger'>,
  callbackUrl: URL,
  { attempt, state }: { attempt: OAuthAttemptRow; state: string },
): Promise<string> {
  const userId = attempt.user_id;
  let identity;
  try {
    identity = await exchangeCode(deps, callbackUrl, state, attempt);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return accountPageWith('failed');
  }
  const user = userId ? await deps.store.findUserById(userId) : undefined;
  // The subject, not the address: it is what names the Google account linked to this one, and cannot be reused.
  if (!user || !user.google_subject || user.google_subject !== identity.subject) {
    deps.logger.warn({ userId }, 'Google sign-in for account deletion was not the linked Google account');
    return accountPageWith('failed');
  }
  await deps.store.recordReauthProof({
    userId: user.id,
    purpose: attempt.purpose ?? PURPOSE,
    maxAgeSeconds: REAUTH_MAX_AGE_SECONDS,
  });
  return attempt.redirect_to;
}

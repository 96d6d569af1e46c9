// The Google callback: the state proves the browser and names the attempt, whose purpose decides what the sign-in
// is for: a plain one signs in (google-sign-in.ts); one started for deleting the account only proves the member who
// started it (google-reauth.ts) and signs nobody in.
import type { AccountUser } from './account-user';
import { finishGoogleReauth } from './google-reauth';
import {
  finishGoogleSignIn,
  takeGoogleAttempt,
  type CallbackInput,
  type GoogleSignInDeps,
} from './google-sign-in';

export type GoogleCallbackOutcome =
  { kind: 'signed-in'; user: AccountUser; redirectTo: string } | { kind: 'reauth'; redirectTo: string };

export async function finishGoogleCallback(
  deps: GoogleSignInDeps,
  input: CallbackInput,
): Promise<GoogleCallbackOutcome> {
  const taken = await takeGoogleAttempt(deps, input);
  if (taken.attempt.purpose) {
    return { kind: 'reauth', redirectTo: await finishGoogleReauth(deps, input.callbackUrl, taken) };
  }
  return { kind: 'signed-in', ...(await finishGoogleSignIn(deps, input.callbackUrl, taken)) };
}

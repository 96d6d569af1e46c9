// Deleting one's own account (docs/product-rules.md#account-deletion): DELETE /api/identity/account with the password
// in the JSON body (never the query: a password must not sit in a URL). A Google account sends no password: it first
// signs in with Google for this purpose (POST account/google-reauth, then Google), which leaves a single-use proof
// valid 5 minutes that the DELETE spends.
import { z } from 'zod';
import { ACCOUNT_CONTROL_TEXTS } from '../account-control-texts';
import { endpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { SuccessReplySchema, successReply } from './common';

export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: () => ACCOUNT_CONTROL_TEXTS.errors.passwordRequired })
    .min(1, { error: () => ACCOUNT_CONTROL_TEXTS.errors.passwordRequired, abort: true })
    .max(LIMITS.passwordMax, { error: () => ERROR_TEXTS.validation.passwordTooLong })
    .optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** How long the proof of a Google sign-in for the deletion stands in for the password of a Google account. */
export const REAUTH_MAX_AGE_SECONDS = 5 * 60;

/** Nothing to send: the member is the one whose access token starts it. */
export const StartGoogleReauthRequestSchema = z.object({}).strict();
/** Where to send the browser: Google's sign-in page (the state cookie for the callback comes with this reply). */
export const StartGoogleReauthReplySchema = successReply({ url: z.string().url() });
export type StartGoogleReauthReply = z.infer<typeof StartGoogleReauthReplySchema>;

export const ACCOUNT_DELETION_ENDPOINTS = {
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/identity/account',
    access: 'member',
    deleteBody: true,
    request: DeleteAccountRequestSchema,
    reply: SuccessReplySchema,
  }),
  /**
   * Starts a Google sign-in bound to the signed-in member and to deleting their account; the callback returns to the
   * account page with `?reauth=confirmed|failed` and no new session.
   */
  startGoogleReauth: endpoint({
    method: 'POST',
    path: '/api/identity/account/google-reauth',
    access: 'member',
    request: StartGoogleReauthRequestSchema,
    reply: StartGoogleReauthReplySchema,
  }),
} as const;

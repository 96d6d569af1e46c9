// Starts Google sign-in. The identity service answers the authorize URL with a redirect to Google when sign-in is
// configured, or with a JSON error (e.g. 'Google sign-in is not configured'); probing first lets the page show that
// text instead of navigating the whole window to a bare JSON reply.
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import { apiErrorFromReply } from '@act/host-sdk';

export function googleAuthorizeUrl(redirectTo = '/dashboard'): string {
  const query = new URLSearchParams({ provider: 'google', redirect_to: redirectTo });
  return `${API_ROUTES.identity.authorize}?${query.toString()}`;
}

/** Resolves when the browser is on its way to Google; rejects with the text to show otherwise. */
export async function startGoogleSignIn(redirectTo?: string): Promise<void> {
  const url = googleAuthorizeUrl(redirectTo);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', credentials: 'include' });
  } catch {
    throw new Error(ERROR_TEXTS.auth.unexpectedWithGoogleSignIn);
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    window.location.assign(url);
    return;
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  throw apiErrorFromReply(response.status, body, ERROR_TEXTS.auth.googleSignInFailed);
}

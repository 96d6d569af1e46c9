// The refresh-token cookie and the Google state cookie. Written by hand rather than through ctx.cookies, because
// Koa refuses Secure cookies on the plain-http hop from the gateway even though the browser's side is https.
import type { Context } from 'koa';
import { API_ROUTES, REFRESH_COOKIE_NAME } from '@act/contracts';

export const GOOGLE_STATE_COOKIE = 'act_oauth_state';
// Sent only to identity's own routes: no other service ever sees the refresh token.
const REFRESH_COOKIE_PATH = '/api/identity';

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
}

function serialize(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
  ];
  if (options.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(ctx: Context, name: string): string | undefined {
  const header = ctx.get('cookie');
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim() || undefined;
  }
  return undefined;
}

/** SameSite=Strict: the browser sends it only on requests started by our own pages, so no other site can refresh. */
export function setRefreshCookie(ctx: Context, token: string, maxAgeSeconds: number, secure: boolean): void {
  ctx.append(
    'Set-Cookie',
    serialize(REFRESH_COOKIE_NAME, token, {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds,
      secure,
      sameSite: 'Strict',
    }),
  );
}

export function clearRefreshCookie(ctx: Context, secure: boolean): void {
  ctx.append(
    'Set-Cookie',
    serialize(REFRESH_COOKIE_NAME, '', {
      path: REFRESH_COOKIE_PATH,
      maxAgeSeconds: 0,
      secure,
      sameSite: 'Strict',
    }),
  );
}

export function readRefreshCookie(ctx: Context): string | undefined {
  return readCookie(ctx, REFRESH_COOKIE_NAME);
}

/**
 * SameSite=Lax: the callback arrives as a top-level navigation from Google, which Lax cookies accompany and
 * Strict ones do not. Scoped to the callback path and ten minutes.
 */
export function setGoogleStateCookie(
  ctx: Context,
  state: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  ctx.append(
    'Set-Cookie',
    serialize(GOOGLE_STATE_COOKIE, state, {
      path: API_ROUTES.identity.callback,
      maxAgeSeconds,
      secure,
      sameSite: 'Lax',
    }),
  );
}

export function clearGoogleStateCookie(ctx: Context, secure: boolean): void {
  ctx.append(
    'Set-Cookie',
    serialize(GOOGLE_STATE_COOKIE, '', {
      path: API_ROUTES.identity.callback,
      maxAgeSeconds: 0,
      secure,
      sameSite: 'Lax',
    }),
  );
}

// The calls a member makes, as k6 requests: sign-in with a token kept per VU (renewed before the 15-minute access
// token runs out, or at once after a 401), and the mixed journey the load scenarios repeat.
import { check, fail, group } from 'k6';
import exec from 'k6/execution';
import http, { type RefinedParams, type ResponseType } from 'k6/http';
import { accountsFromEnv, baseUrl, chargedCalls, type Account } from './config.ts';
import { PATHS } from './paths.ts';

const TOKEN_LIFETIME_MS = 10 * 60 * 1000;
const JSON_HEADERS = { 'content-type': 'application/json' };

let token: string | undefined;
let tokenAt = 0;

/** Signs up `count` fresh members (SIGNUP=n, staging only) and returns them; for setup(). */
export function signUpAccounts(count: number): Account[] {
  const run = Date.now().toString(36);
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    const account = { email: `k6-${run}-${i}@load.test`, password: `Load-${run}-${i}-pass` };
    const reply = http.post(`${baseUrl()}${PATHS.signup}`, JSON.stringify(account), {
      headers: JSON_HEADERS,
      tags: { name: 'signup' },
    });
    if (!check(reply, { 'signed up': (r) => r.status === 200 }))
      fail(`sign-up failed: ${reply.status} ${String(reply.body)}`);
    accounts.push(account);
  }
  return accounts;
}

/** The accounts of the run: ACCOUNTS, else SIGNUP fresh ones; aborts when neither is given. */
export function accountsForRun(): Account[] {
  const named = accountsFromEnv();
  if (named.length) return named;
  const signUps = Number(__ENV.SIGNUP);
  if (signUps > 0) return signUpAccounts(signUps);
  exec.test.abort(
    'Name the members to load with: -e ACCOUNTS=email:password,… or -e SIGNUP=<count> (staging only)',
  );
  return [];
}

function signIn(account: Account): string {
  const reply = http.post(
    `${baseUrl()}${PATHS.token}`,
    JSON.stringify({ grant_type: 'password', email: account.email, password: account.password }),
    { headers: JSON_HEADERS, tags: { name: 'sign-in', kind: 'auth' } },
  );
  const accessToken = reply.status === 200 ? (reply.json('session.access_token') as string | null) : null;
  if (!check(reply, { 'signed in': () => typeof accessToken === 'string' })) {
    fail(`sign-in as ${account.email} failed: ${reply.status}`);
  }
  return accessToken as string;
}

/** This VU's member (round-robin over the run's accounts). */
export function accountOf(accounts: readonly Account[]): Account {
  return accounts[(exec.vu.idInTest - 1) % accounts.length]!;
}

/** Request parameters carrying this VU's bearer token, signing in first when it has none or it is old. */
export function authed(
  account: Account,
  tags: Record<string, string>,
  extra: { headers?: Record<string, string>; timeout?: string; responseType?: ResponseType } = {},
): RefinedParams<ResponseType> {
  if (!token || Date.now() - tokenAt > TOKEN_LIFETIME_MS) {
    token = signIn(account);
    tokenAt = Date.now();
  }
  return {
    headers: { ...JSON_HEADERS, ...extra.headers, authorization: `Bearer ${token}` },
    tags,
    ...(extra.timeout ? { timeout: extra.timeout } : {}),
    ...(extra.responseType ? { responseType: extra.responseType } : {}),
  };
}

/** Forget the token (after a 401), so the next call signs in again. */
export function dropToken(): void {
  token = undefined;
}

function getJson(account: Account, path: string, name: string) {
  const reply = http.get(`${baseUrl()}${path}`, authed(account, { name, kind: 'read' }));
  if (reply.status === 401) dropToken();
  check(reply, { [`${name} 200`]: (r) => r.status === 200 && r.json('success') === true });
  return reply;
}

/**
 * One member visit: the dashboard's reads (balance, usage history, plans, chat sessions, gallery) and, unless
 * CHARGED=false, one 1-credit Magic Enhance. A member who has run out of credits gets 402, which is the right
 * answer and counts as expected; a balance must never go below zero.
 */
export function memberJourney(account: Account): void {
  group('dashboard', () => {
    const me = getJson(account, PATHS.me, 'credits me');
    const balance = me.status === 200 ? Number(me.json('me.credits')) : 0;
    check(balance, { 'balance never negative': (b) => !(b < 0) });
    getJson(account, `${PATHS.history}?limit=10`, 'usage history');
    http.get(`${baseUrl()}${PATHS.plans}`, { tags: { name: 'plans', kind: 'read' } });
    getJson(account, `${PATHS.chatSessions}?limit=10`, 'chat sessions');
    getJson(account, `${PATHS.gallery}?limit=8`, 'gallery');
  });
  if (!chargedCalls()) return;
  group('magic enhance', () => {
    const params = authed(account, { name: 'magic enhance', kind: 'charged' });
    const reply = http.post(
      `${baseUrl()}${PATHS.magicEnhance}`,
      JSON.stringify({ text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' }),
      { ...params, responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 402) },
    );
    if (reply.status === 401) dropToken();
    check(reply, {
      'charged once or refused for credits': (r) =>
        (r.status === 200 && Number.isInteger(r.json('remainingCredits'))) || r.status === 402,
    });
  });
}

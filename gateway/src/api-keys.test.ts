// The gateway's key lookups against a stand-in identity: what identity said is kept for the cache bound and no
// longer, so a revoked key is refused once that much time has passed (API_KEY_RULES.cacheMs, inside the product's
// 10 s); calls with one key at once ask once; identity's 401 is the one 401; a token without the key's claim never
// lets a key act as a full member; a cut-off of the member's tokens (account deleted) refuses a cached key at once.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_RULES, API_KEY_TOKEN_PATH, ERROR_TEXTS } from '@act/contracts';
import { createJwtVerifier, createRevocationList, isAppError, type RevocationList } from '@act/service-kit';
import { TEST_JWT_AUDIENCE, TEST_JWT_ISSUER, startTestJwks, type TestJwks } from '@act/service-kit/testing';
import { createApiKeyResolver } from './api-keys';
import { createUpstreamPool } from './proxy';

const SECRET = `act_${'k'.repeat(43)}`;
const KEY = { id: randomUUID(), name: 'CI', monthlyCreditLimit: 30 };
const userId = randomUUID();

let jwks: TestJwks;
let identity: Server;
let identityUrl: string;
/** What the stand-in identity answers, and how often it was asked. */
let live = true;
let withClaim = true;
let asked = 0;

beforeAll(async () => {
  jwks = await startTestJwks();
  identity = createServer((req, res) => {
    asked += 1;
    const known = req.url === API_KEY_TOKEN_PATH && req.headers.authorization === `Bearer ${SECRET}` && live;
    if (!known) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: ERROR_TEXTS.auth.authenticationFailed }));
      return;
    }
    void jwks.tokenFor(userId, withClaim ? { apiKey: KEY } : {}).then((token) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token, expiresAt: Math.floor(Date.now() / 1000) + 60 }));
    });
  });
  await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
  identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => identity.close(resolve));
  await jwks.close();
});

function resolverAt(clock: { now: number }, revocations?: RevocationList) {
  return createApiKeyResolver({
    identity: createUpstreamPool([identityUrl]),
    verifier: createJwtVerifier({
      jwksUrl: jwks.url,
      issuer: TEST_JWT_ISSUER,
      audience: TEST_JWT_AUDIENCE,
      revocations,
    }),
    now: () => clock.now,
  });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return isAppError(error) ? { code: error.code, message: error.message } : error;
  }
  return 'accepted';
}

const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', message: ERROR_TEXTS.auth.authenticationFailed };

describe('key lookups at the gateway', () => {
  it('keeps what identity said for the cache bound only, so a revoked key is refused within it', async () => {
    live = true;
    withClaim = true;
    const clock = { now: 1_000_000 };
    const resolver = resolverAt(clock);
    const first = await resolver.resolve(SECRET);
    expect(first.user).toMatchObject({ userId, apiKey: KEY });
    const before = asked;

    live = false; // revoked at identity
    clock.now += API_KEY_RULES.cacheMs - 1;
    expect((await resolver.resolve(SECRET)).user.userId).toBe(userId);
    expect(asked).toBe(before);

    clock.now += 1;
    expect(await refusal(resolver.resolve(SECRET))).toEqual(UNAUTHENTICATED);
    expect(API_KEY_RULES.cacheMs).toBeLessThan(10_000);
  });

  it('asks identity once for calls with one key at once, and never keeps an unknown key', async () => {
    live = true;
    withClaim = true;
    const resolver = resolverAt({ now: 2_000_000 });
    const before = asked;
    await Promise.all(Array.from({ length: 10 }, () => resolver.resolve(SECRET)));
    expect(asked - before).toBe(1);

    const unknown = `act_${'u'.repeat(43)}`;
    expect(await refusal(resolver.resolve(unknown))).toEqual(UNAUTHENTICATED);
    expect(await refusal(resolver.resolve(unknown))).toEqual(UNAUTHENTICATED);
    expect(asked - before).toBe(3);
  });

  it('refuses a token without the key claim rather than letting the key act as a full member', async () => {
    live = true;
    withClaim = false;
    expect(await refusal(resolverAt({ now: 3_000_000 }).resolve(SECRET))).toEqual(UNAUTHENTICATED);
    withClaim = true;
  });

  it("asks identity again once the member's tokens are cut off: a deleted member's key is refused at once", async () => {
    live = true;
    withClaim = true;
    const revocations = createRevocationList();
    const resolver = resolverAt({ now: 4_000_000 }, revocations);
    expect((await resolver.resolve(SECRET)).user.userId).toBe(userId);
    const before = asked;
    // A password change: the cached token predates the cut-off; identity gives the live key a new one.
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // test tokens' iat is in whole seconds
    cutOff(revocations, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await resolver.resolve(SECRET)).user.userId).toBe(userId);
    expect(asked).toBe(before + 1);
    // The account deleted: the key is still in the gateway's cache, and refused at once.
    live = false;
    cutOff(revocations, Date.now() + 1_000);
    expect(await refusal(resolver.resolve(SECRET))).toEqual(UNAUTHENTICATED);
    live = true;
  });
});

/** What identity announces when a member's tokens end (account deleted, password changed). */
function cutOff(revocations: RevocationList, notBeforeMs: number) {
  revocations.apply({
    kind: 'user',
    userId,
    notBefore: new Date(notBeforeMs).toISOString(),
    expiresAt: new Date(notBeforeMs + 900_000).toISOString(),
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, type CryptoKey } from 'jose';
import { createJwtVerifier, type JwtVerifier } from './auth';
import {
  TEST_JWT_AUDIENCE as audience,
  TEST_JWT_ISSUER as issuer,
  startTestJwks,
  type SignOptions,
  type TestJwks,
} from './testing';

const userId = '7b0f5a2e-8d7c-4a8e-9a55-1d2c3b4a5f60';
let jwks: TestJwks;
let otherKey: CryptoKey;
let verifier: JwtVerifier;

beforeAll(async () => {
  jwks = await startTestJwks();
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  verifier = createJwtVerifier({ jwksUrl: jwks.url, issuer, audience });
});

afterAll(() => jwks.close());

const token = (options: SignOptions = {}) => jwks.tokenFor(userId, { email: 'ada@example.com', ...options });
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('createJwtVerifier', () => {
  it('accepts a token signed by a published key', async () => {
    await expect(verifier.verify(await token())).resolves.toEqual({
      userId,
      email: 'ada@example.com',
    });
  });

  it('carries the roles identity signed, and only strings from a `roles` list', async () => {
    await expect(verifier.verify(await token({ roles: ['support'] }))).resolves.toEqual({
      userId,
      email: 'ada@example.com',
      roles: ['support'],
    });
    const forged = await token({ key: otherKey, roles: ['support'] });
    await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('stops accepting a remembered token once it expires', async () => {
    const shortLived = await token({ expiresAt: inSeconds(2) });
    await expect(verifier.verify(shortLived)).resolves.toMatchObject({ email: 'ada@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(verifier.verify(shortLived)).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['a forged signature', () => token({ key: otherKey })],
    ['an expired token', () => token({ expiresAt: inSeconds(-60) })],
    ['a wrong issuer', () => token({ issuer: 'someone-else' })],
    ['a wrong audience', () => token({ audience: 'other-api' })],
    ['an unknown kid', () => token({ kid: 'k-unknown' })],
    [
      'alg none',
      async () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'x', email: 'a@b.c', iss: issuer, aud: audience, exp: 9999999999 })}.`,
    ],
  ])('rejects %s with 401 Authentication failed', async (_label, make) => {
    await expect(verifier.verify(await make())).rejects.toMatchObject({
      status: 401,
      message: 'Authentication failed',
    });
  });
});

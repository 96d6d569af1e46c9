import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createJwtVerifier, type JwtVerifier } from './auth';

const issuer = 'act-identity';
const audience = 'act-api';
let server: Server;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let verifier: JwtVerifier;

beforeAll(async () => {
  const signing = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = signing.privateKey;
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  const jwk = await exportJWK(signing.publicKey);
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...jwk, kid: 'k1', alg: 'EdDSA', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  verifier = createJwtVerifier({ jwksUrl: `http://127.0.0.1:${port}/jwks.json`, issuer, audience });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function token(overrides: { kid?: string; iss?: string; aud?: string; exp?: number; key?: CryptoKey } = {}) {
  return new SignJWT({ email: 'ada@example.com' })
    .setProtectedHeader({ alg: 'EdDSA', kid: overrides.kid ?? 'k1' })
    .setSubject('7b0f5a2e-8d7c-4a8e-9a55-1d2c3b4a5f60')
    .setIssuer(overrides.iss ?? issuer)
    .setAudience(overrides.aud ?? audience)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(overrides.key ?? privateKey);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('createJwtVerifier', () => {
  it('accepts a token signed by a published key', async () => {
    await expect(verifier.verify(await token())).resolves.toEqual({
      userId: '7b0f5a2e-8d7c-4a8e-9a55-1d2c3b4a5f60',
      email: 'ada@example.com',
    });
  });

  it('stops accepting a remembered token once it expires', async () => {
    const shortLived = await token({ exp: Math.floor(Date.now() / 1000) + 2 });
    await expect(verifier.verify(shortLived)).resolves.toMatchObject({ email: 'ada@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(verifier.verify(shortLived)).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['a forged signature', () => token({ key: otherKey })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['a wrong issuer', () => token({ iss: 'someone-else' })],
    ['a wrong audience', () => token({ aud: 'other-api' })],
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

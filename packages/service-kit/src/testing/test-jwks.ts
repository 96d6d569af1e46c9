// A local JWKS endpoint and token signer standing in for identity in tests: services verify these tokens exactly
// as they verify real ones (EdDSA, iss act-identity, aud act-api). Options let a test forge the ways a token is bad.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface SignOptions {
  email?: string;
  /** The `roles` claim identity signs from user_roles (e.g. ['support']). */
  roles?: readonly string[];
  /** The `api_key` claim of a personal API key's token (docs/architecture.md#personal-api-keys). */
  apiKey?: { id: string; name: string; monthlyCreditLimit: number | null };
  /** Sign with another key (a forged token). */
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string;
  /** Expiry as seconds since the epoch, or a jose duration such as '15m' (default). */
  expiresAt?: number | string;
}

export interface TestJwks {
  /** Where the key set is served (use as JWKS_URL). */
  url: string;
  /** The private signing key, so another process of the run can sign tokens this key set accepts. */
  signingJwk: JWK;
  /** A valid access token for the user unless `options` say otherwise. */
  tokenFor(userId: string, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export const TEST_JWT_ISSUER = 'act-identity';
export const TEST_JWT_AUDIENCE = 'act-api';
const KID = 'test-key';

function signer(privateKey: CryptoKey): TestJwks['tokenFor'] {
  return (userId, options = {}) =>
    new SignJWT({
      email: options.email ?? `${userId.slice(0, 8)}@example.com`,
      ...(options.roles ? { roles: [...options.roles] } : {}),
      ...(options.apiKey ? { api_key: options.apiKey } : {}),
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? KID })
      .setSubject(userId)
      .setIssuer(options.issuer ?? TEST_JWT_ISSUER)
      .setAudience(options.audience ?? TEST_JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? '15m')
      .sign(options.key ?? privateKey);
}

export async function startTestJwks(): Promise<TestJwks> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/identity/.well-known/jwks.json`,
    signingJwk: await exportJWK(privateKey),
    tokenFor: signer(privateKey),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Signs with a key set another process serves (the run's shared one); closing it leaves that server alone. */
export async function testJwksServedElsewhere(
  served: Pick<TestJwks, 'url' | 'signingJwk'>,
): Promise<TestJwks> {
  const privateKey = (await importJWK(served.signingJwk, 'EdDSA')) as CryptoKey;
  return { ...served, tokenFor: signer(privateKey), close: async () => undefined };
}

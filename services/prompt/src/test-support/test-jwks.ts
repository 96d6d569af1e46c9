// A local JWKS endpoint and token signer standing in for identity: services verify our test tokens exactly as they
// verify real ones (EdDSA, iss act-identity, aud act-api).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface TestJwks {
  url: string;
  tokenFor(userId: string, email?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestJwks(): Promise<TestJwks> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'prompt-test', alg: 'EdDSA', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/identity/.well-known/jwks.json`,
    tokenFor: (userId, email = `${userId.slice(0, 8)}@example.com`) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'prompt-test' })
        .setSubject(userId)
        .setIssuer('act-identity')
        .setAudience('act-api')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(privateKey),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

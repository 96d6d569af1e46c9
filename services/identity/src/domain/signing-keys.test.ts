// Signing keys: generated and persisted for the embedded default, read from env in production, rotated without
// breaking tokens that are still alive.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSigningJwk, keyStoreFromEnv, keyStoreFromFile, type KeyStore } from './signing-keys';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'signing-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sign(store: KeyStore): Promise<string> {
  const key = store.signingKey();
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setExpirationTime('5m')
    .sign(key.privateKey);
}

const verifies = async (store: KeyStore, token: string) =>
  jwtVerify(token, (header) => store.verificationKey(header)).then(
    () => true,
    () => false,
  );

describe('file key store (embedded default)', () => {
  it('generates an Ed25519 key once, keeps it private on disk and reuses it', async () => {
    const first = await keyStoreFromFile({ dir, rotationDays: 30, accessTokenTtlSeconds: 900 });
    const file = path.join(dir, 'signing-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await keyStoreFromFile({ dir, rotationDays: 30, accessTokenTtlSeconds: 900 });
    expect(second.signingKey().kid).toBe(first.signingKey().kid);
    expect(await verifies(second, await sign(first))).toBe(true);
    expect(first.jwks().keys).toEqual([
      expect.objectContaining({
        kty: 'OKP',
        crv: 'Ed25519',
        alg: 'EdDSA',
        use: 'sig',
        kid: first.signingKey().kid,
      }),
    ]);
    expect(JSON.stringify(first.jwks())).not.toContain('"d"');
  });

  it('keeps a rotated-out key verifying until its last token has expired, then drops it', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = await keyStoreFromFile({
      dir,
      rotationDays: 30,
      accessTokenTtlSeconds: 900,
      now: () => now,
    });
    const oldToken = await sign(store);
    const oldKid = store.signingKey().kid;

    await store.rotate();
    expect(store.signingKey().kid).not.toBe(oldKid);
    expect(store.jwks().keys.map((key) => key.kid)).toEqual([store.signingKey().kid, oldKid]);
    expect(await verifies(store, oldToken)).toBe(true);

    now += 900_000 + 60_000 + 1;
    expect(store.jwks().keys.map((key) => key.kid)).toEqual([store.signingKey().kid]);
    expect(await verifies(store, oldToken)).toBe(false);
  });

  it('rotates at start when the key is older than the rotation period', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const original = await keyStoreFromFile({
      dir,
      rotationDays: 30,
      accessTokenTtlSeconds: 900,
      now: () => now,
    });
    now += 31 * 24 * 3600 * 1000;
    const restarted = await keyStoreFromFile({
      dir,
      rotationDays: 30,
      accessTokenTtlSeconds: 900,
      now: () => now,
    });
    expect(restarted.signingKey().kid).not.toBe(original.signingKey().kid);
    const saved = JSON.parse(await readFile(path.join(dir, 'signing-keys.json'), 'utf8')) as {
      keys: unknown[];
    };
    expect(saved.keys).toHaveLength(2);
  });

  it('refuses to start on a damaged key file instead of replacing the key', async () => {
    await writeFile(path.join(dir, 'signing-keys.json'), '{ not json');
    await expect(keyStoreFromFile({ dir, rotationDays: 30, accessTokenTtlSeconds: 900 })).rejects.toThrow(
      /signing key file .* is unreadable/,
    );
  });
});

describe('env key store (production)', () => {
  it('signs with the first key and publishes all of them', async () => {
    const current = await generateSigningJwk();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const previous = { ...(await exportJWK(privateKey)), kid: 'previous-p256' };
    const store = await keyStoreFromEnv(JSON.stringify([current, previous]), { accessTokenTtlSeconds: 900 });
    expect(store.signingKey()).toMatchObject({ kid: current.kid, alg: 'EdDSA' });
    expect(store.jwks().keys.map((key) => [key.kid, key.alg])).toEqual([
      [current.kid, 'EdDSA'],
      ['previous-p256', 'ES256'],
    ]);
    const oldToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'previous-p256' })
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await verifies(store, oldToken)).toBe(true);
    await expect(store.rotate()).rejects.toThrow(/IDENTITY_SIGNING_KEYS/);
  });

  it('explains what is wrong with a bad value', async () => {
    await expect(keyStoreFromEnv('nope', { accessTokenTtlSeconds: 900 })).rejects.toThrow(/JSON array/);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    await expect(
      keyStoreFromEnv(JSON.stringify([await exportJWK(privateKey)]), { accessTokenTtlSeconds: 900 }),
    ).rejects.toThrow(/Ed25519 or P-256/);
    const { publicKey } = await generateKeyPair('EdDSA', { extractable: true });
    await expect(
      keyStoreFromEnv(JSON.stringify([await exportJWK(publicKey)]), { accessTokenTtlSeconds: 900 }),
    ).rejects.toThrow(/private JWKs/);
  });
});

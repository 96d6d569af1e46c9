// The value of IDENTITY_SIGNING_KEYS and its rotation, as docs/deploy.md runs it: `npm run generate-key` prints a set
// identity reads, and each step keeps every token alive that any replica of the step before could have signed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { nextKeySet } from './signing-key-set';
import { keyStoreFromEnv, type KeyStore } from './signing-keys';

const identityDir = fileURLToPath(new URL('../../', import.meta.url));
const storeOf = (keys: unknown) => keyStoreFromEnv(JSON.stringify(keys), { accessTokenTtlSeconds: 900 });

async function sign(store: KeyStore): Promise<string> {
  const key = store.signingKey();
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setExpirationTime('5m')
    .sign(key.privateKey);
}
const verifies = (store: KeyStore, token: string) =>
  jwtVerify(token, (header) => store.verificationKey(header)).then(
    () => true,
    () => false,
  );

describe('IDENTITY_SIGNING_KEYS', () => {
  it('is printed by the generate-key script in the format identity reads', async () => {
    const result = spawnSync('npm', ['run', '-s', 'generate-key'], {
      cwd: identityDir,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const store = await keyStoreFromEnv(result.stdout.trim(), { accessTokenTtlSeconds: 900 });
    expect(store.jwks().keys).toHaveLength(1);
    expect(store.signingKey().alg).toBe('EdDSA');
  }, 120_000);

  it('rotates in three steps, each verifying every token the step before signed', async () => {
    const first = await nextKeySet('new');
    const original = await storeOf(first);
    const oldToken = await sign(original);

    // 1. add: every replica verifies with the new key, none signs with it yet.
    const added = await nextKeySet('add', JSON.stringify(first));
    const withNew = await storeOf(added);
    expect(withNew.jwks().keys).toHaveLength(2);
    expect(withNew.signingKey().kid).toBe(original.signingKey().kid);
    expect(await verifies(withNew, oldToken)).toBe(true);

    // 2. promote: the new key signs; a replica still on step 1 verifies its tokens, and old tokens still verify.
    const promotedKeys = await nextKeySet('promote', JSON.stringify(added));
    const promoted = await storeOf(promotedKeys);
    expect(promoted.signingKey().kid).toBe(added[1]!.kid);
    const newToken = await sign(promoted);
    expect(await verifies(withNew, newToken)).toBe(true);
    expect(await verifies(promoted, oldToken)).toBe(true);

    // 3. retire: only the signing key is left; the old key's tokens no longer verify.
    const retired = await storeOf(await nextKeySet('retire', JSON.stringify(promotedKeys)));
    expect(retired.jwks().keys.map((key) => key.kid)).toEqual([added[1]!.kid]);
    expect(await verifies(retired, newToken)).toBe(true);
    expect(await verifies(retired, oldToken)).toBe(false);
  });

  it('refuses to rotate a value that is not a key set, naming the variable', async () => {
    await expect(nextKeySet('add', 'nope')).rejects.toThrow(
      'Invalid configuration: IDENTITY_SIGNING_KEYS: must be a JSON array of private JWKs',
    );
  });
});

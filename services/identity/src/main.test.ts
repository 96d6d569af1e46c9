// The identity process: refuses bad configuration with a readable list, and starts, serves and stops cleanly.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import {
  createTestDatabase,
  startChildService,
  testNatsUrl,
  uniqueNamespace,
} from '@act/service-kit/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts identity's entry point with only these variables (plus PATH) and waits for it to exit. */
function runIdentity(env: Record<string, string>, options: { uid?: number; gid?: number } = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'services/identity/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    // A loaded machine takes tens of seconds to start tsx; the process itself exits at once.
    timeout: 90_000,
    ...options,
  });
}

/** Everything identity needs to get as far as its signing keys (it reads them before it connects to anything). */
const REACHES_KEYS = {
  DATABASE_URL: 'postgres://identity@127.0.0.1:1/identity',
  NATS_URL: 'nats://127.0.0.1:1',
};

describe('identity main', () => {
  it('exits with a message naming each bad variable', () => {
    const result = runIdentity({ NATS_URL: 'http://nope', COOKIE_SECURE: 'maybe', SMTP_URL: 'ftp://x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: is required but not set');
    expect(result.stderr).toContain('NATS_URL: must be a URL');
    expect(result.stderr).toMatch(/COOKIE_SECURE: /);
    expect(result.stderr).toContain('SMTP_URL: must be a URL (smtp, smtps)');
  });

  it('stops with one line naming the variables when it can neither read nor write its signing keys', async () => {
    // A folder the process may read but not write, as a root-owned volume is for the image's user. Root writes
    // anywhere, so as root the service runs as nobody (65534), as a container's unprivileged user would.
    const keysDir = await mkdtemp(path.join(tmpdir(), 'identity-keys-readonly-'));
    await chmod(keysDir, 0o555);
    try {
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const result = runIdentity({ ...REACHES_KEYS, IDENTITY_KEYS_DIR: keysDir }, asUser);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([
        `identity: Invalid configuration: IDENTITY_KEYS_DIR: cannot write the signing keys to ${keysDir} ` +
          '(EACCES: permission denied); give it a folder this user can write (a volume), or set ' +
          'IDENTITY_SIGNING_KEYS to keys made once for every replica',
      ]);
      expect(result.stdout).toBe('');

      // A value that is not a key set: the same, naming that variable.
      const badKeys = runIdentity({ ...REACHES_KEYS, IDENTITY_SIGNING_KEYS: '{"kty":"OKP"}' });
      expect(badKeys.status).toBe(1);
      expect(badKeys.stderr.trim().split('\n')).toEqual([
        'identity: Invalid configuration: IDENTITY_SIGNING_KEYS: must be a JSON array of Ed25519 or P-256 private JWKs',
      ]);
    } finally {
      await rm(keysDir, { recursive: true, force: true });
    }
  }, 200_000);

  it('starts with a generated key, answers readiness and the JWKS, and stops on SIGTERM', async () => {
    const database = await createTestDatabase('identity_main');
    const keysDir = await mkdtemp(path.join(tmpdir(), 'identity-main-'));
    const identity = await startChildService('services/identity', {
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_NAMESPACE: uniqueNamespace('idnmain'),
      IDENTITY_KEYS_DIR: keysDir,
    }).catch(async (error: unknown) => {
      await database.drop();
      await rm(keysDir, { recursive: true, force: true });
      throw error;
    });
    try {
      const jwks = (await (await fetch(`${identity.url}${API_ROUTES.identity.jwks}`)).json()) as {
        keys: unknown[];
      };
      expect(jwks.keys).toHaveLength(1);
      expect((await stat(path.join(keysDir, 'signing-keys.json'))).isFile()).toBe(true);

      expect(await identity.stop()).toBe(0);
    } finally {
      await identity.stop();
      await database.drop();
      await rm(keysDir, { recursive: true, force: true });
    }
  });
});

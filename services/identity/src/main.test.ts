// The identity process: refuses bad configuration with a readable list, and starts, serves and stops cleanly.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
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

describe('identity main', () => {
  it('exits with a message naming each bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/identity/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NATS_URL: 'http://nope', COOKIE_SECURE: 'maybe', SMTP_URL: 'ftp://x' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: is required but not set');
    expect(result.stderr).toContain('NATS_URL: must be a URL');
    expect(result.stderr).toMatch(/COOKIE_SECURE: /);
    expect(result.stderr).toContain('SMTP_URL: must be a URL (smtp, smtps)');
  });

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

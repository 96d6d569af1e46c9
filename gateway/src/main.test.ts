// The gateway process refuses to start on bad configuration and says exactly which variables are wrong.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig, opsUrlsOf } from './config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('gateway main', () => {
  it('exits with a message naming each bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: 'not-a-port',
        CREDITS_URL: 'ftp://example.com',
        REDIS_URL: 'http://x',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('JWKS_URL: is required but not set');
    expect(result.stderr).toMatch(/PORT: /);
    expect(result.stderr).toContain('CREDITS_URL: must be a URL (http, https)');
    expect(result.stderr).toContain('REDIS_URL: must be a URL (redis, rediss)');
  });

  it('requires the ops URL of every routed service, which /api/health probes', () => {
    const env = { JWKS_URL: 'http://127.0.0.1:8101/jwks.json', PROMPT_URL: 'http://127.0.0.1:8103' };
    expect(() => loadGatewayConfig(env)).toThrow('PROMPT_OPS_URL: is required when PROMPT_URL is set');
    expect(opsUrlsOf(loadGatewayConfig({ ...env, PROMPT_OPS_URL: 'http://127.0.0.1:9103' }))).toEqual({
      prompt: ['http://127.0.0.1:9103'],
    });
  });
});

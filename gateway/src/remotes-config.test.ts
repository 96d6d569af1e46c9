// /remotes.json from configuration: the remotes built under REMOTES_DIR (one appearing while the gateway runs),
// REMOTE_<FAMILY>_URL pointing a family at another origin (which then joins the page's CSP), a REMOTES_CONFIG file
// (k8s's ConfigMap) instead, and a bad file or URL stopping the start with a clear message.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ConfigError, createJwtVerifier, type RunningServer } from '@act/service-kit';
import { silentLogger, startTestService } from '@act/service-kit/testing';
import { createGatewayApp } from './app';
import { loadGatewayConfig } from './config';
import { createSystemHealth } from './health';
import { remotesSource, type RemotesSettings } from './remotes-config';

let dir: string;
const running: RunningServer[] = [];

async function buildRemote(family: string): Promise<void> {
  await mkdir(path.join(dir, 'remotes', family, 'dist'), { recursive: true });
  await writeFile(
    path.join(dir, 'remotes', family, 'dist', 'mf-manifest.json'),
    JSON.stringify({ name: family }),
  );
}

async function startGateway(config: RemotesSettings): Promise<RunningServer> {
  const server = await startTestService(
    createGatewayApp({
      config: { TRUSTED_PROXIES: [], UPSTREAM_TIMEOUT_MS: 5_000, HSTS: false, ...config },
      upstreams: {},
      logger: silentLogger(),
      verifier: createJwtVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json', issuer: 'i', audience: 'a' }),
      rateLimiter: new RateLimiterMemory({ points: 1000, duration: 60 }),
      health: createSystemHealth({ opsUrls: {}, cacheMs: 0 }),
    }),
  );
  running.push(server);
  return server;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gw-remotes-'));
  await buildRemote('prompt');
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

describe('/remotes.json', () => {
  it('lists the remotes built under REMOTES_DIR, uncached, and picks up one built while running', async () => {
    const gateway = await startGateway({ REMOTES_DIR: path.join(dir, 'remotes') });
    const first = await fetch(`${gateway.url}/remotes.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(await first.json()).toEqual({ prompt: '/remotes/prompt/mf-manifest.json' });
    // Same-origin remotes need nothing more in the page's policy.
    expect(first.headers.get('content-security-policy')).toContain(
      "script-src 'self' https://cdn.paddle.com;",
    );

    await buildRemote('chat');
    expect(await (await fetch(`${gateway.url}/remotes.json`)).json()).toEqual({
      prompt: '/remotes/prompt/mf-manifest.json',
      chat: '/remotes/chat/mf-manifest.json',
    });
    // The built files themselves are still served from REMOTES_DIR.
    expect(await (await fetch(`${gateway.url}/remotes/chat/mf-manifest.json`)).json()).toEqual({
      name: 'chat',
    });
  });

  it('points a family at another origin with REMOTE_<FAMILY>_URL and lets that origin into the CSP', async () => {
    const config = loadGatewayConfig({
      JWKS_URL: 'http://127.0.0.1:9/jwks.json',
      REMOTES_DIR: path.join(dir, 'remotes'),
      REMOTE_PROMPT_URL: 'https://prompt.cdn.example.com/v7/mf-manifest.json',
      REMOTE_VOICE_URL: 'http://127.0.0.1:8205/remotes/voice/mf-manifest.json',
    });
    const gateway = await startGateway(config);
    const response = await fetch(`${gateway.url}/remotes.json`);
    expect(await response.json()).toEqual({
      prompt: 'https://prompt.cdn.example.com/v7/mf-manifest.json',
      chat: '/remotes/chat/mf-manifest.json',
      voice: 'http://127.0.0.1:8205/remotes/voice/mf-manifest.json',
    });
    const policy = response.headers.get('content-security-policy')!;
    for (const directive of ['script-src', 'style-src', 'connect-src', 'font-src', 'img-src']) {
      const sources = policy.split('; ').find((d) => d.startsWith(`${directive} `))!;
      expect(sources, directive).toContain(' https://prompt.cdn.example.com');
      expect(sources, directive).toContain(' http://127.0.0.1:8205');
    }
    // Only the origin, never a path: the policy admits that server's files, not one folder of it.
    expect(policy).not.toContain('/v7');
  });

  it('answers a REMOTES_CONFIG file instead of what is built, with REMOTE_<FAMILY>_URL still winning', async () => {
    const file = path.join(dir, 'remotes.staging.json');
    await writeFile(
      file,
      JSON.stringify({
        prompt: '/remotes/prompt/mf-manifest.json',
        image: 'https://image.cdn.example.com/mf-manifest.json',
        chat: '/remotes/chat/mf-manifest.json',
      }),
    );
    const gateway = await startGateway({
      REMOTES_CONFIG: file,
      REMOTES_DIR: path.join(dir, 'remotes'),
      REMOTE_CHAT_URL: 'https://chat.cdn.example.com/mf-manifest.json',
    });
    const response = await fetch(`${gateway.url}/remotes.json`);
    expect(await response.json()).toEqual({
      prompt: '/remotes/prompt/mf-manifest.json',
      image: 'https://image.cdn.example.com/mf-manifest.json',
      chat: 'https://chat.cdn.example.com/mf-manifest.json',
    });
    const scripts = response.headers
      .get('content-security-policy')!
      .split('; ')
      .find((d) => d.startsWith('script-src '));
    expect(scripts?.split(' ').sort()).toEqual(
      [
        "'self'",
        'https://cdn.paddle.com',
        'https://chat.cdn.example.com',
        'https://image.cdn.example.com',
        'script-src',
      ].sort(),
    );
  });

  it('refuses to start with an unknown family, a bad URL or an unreadable REMOTES_CONFIG', async () => {
    const unknown = path.join(dir, 'unknown.json');
    await writeFile(unknown, JSON.stringify({ promt: '/remotes/prompt/mf-manifest.json' }));
    expect(() => remotesSource({ REMOTES_CONFIG: unknown })).toThrow(ConfigError);
    expect(() => remotesSource({ REMOTES_CONFIG: unknown })).toThrow(/promt/);

    const badUrl = path.join(dir, 'bad-url.json');
    await writeFile(badUrl, JSON.stringify({ prompt: 'javascript:alert(1)' }));
    expect(() => remotesSource({ REMOTES_CONFIG: badUrl })).toThrow(/prompt: must be an http\(s\) URL/);

    expect(() => remotesSource({ REMOTES_CONFIG: path.join(dir, 'missing.json') })).toThrow(
      /REMOTES_CONFIG: cannot read/,
    );
    expect(() =>
      loadGatewayConfig({
        JWKS_URL: 'http://127.0.0.1:9/jwks.json',
        REMOTE_CHAT_URL: '//evil.example.com/x',
      }),
    ).toThrow(/REMOTE_CHAT_URL: must be an http\(s\) URL or a path/);
  });
});

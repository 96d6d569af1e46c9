import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSystemEnv, keptSecret, presentServices } from './system';
import type { SystemEnvOptions } from './system';

const routes = [
  { service: 'identity', urlEnv: 'IDENTITY_URL', opsUrlEnv: 'IDENTITY_OPS_URL' },
  { service: 'credits', urlEnv: 'CREDITS_URL', opsUrlEnv: 'CREDITS_OPS_URL' },
  { service: 'prompt', urlEnv: 'PROMPT_URL', opsUrlEnv: 'PROMPT_OPS_URL' },
  { service: 'chat', urlEnv: 'CHAT_URL', opsUrlEnv: 'CHAT_OPS_URL' },
];

const s3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'act-test',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

function options(overrides: Partial<SystemEnvOptions> = {}): SystemEnvOptions {
  return {
    repoRoot: '/repo',
    infra: {
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      natsUrl: 'nats://127.0.0.1:4222',
      s3,
    },
    routes,
    ports: new Map([
      ['identity', 9101],
      ['credits', 9102],
      ['prompt', 9103],
    ]),
    opsPorts: new Map([
      ['identity', 10101],
      ['credits', 10102],
      ['prompt', 10103],
    ]),
    gatewayPort: 9080,
    gatewayOpsPort: 10080,
    identityKeysDir: '/keys',
    fileUrlSecret: 'f'.repeat(64),
    nodeEnv: 'test',
    baseEnv: {
      PATH: '/bin',
      DATABASE_URL: 'postgres://elsewhere/db',
      HOST: '0.0.0.0',
      CHAT_URL: 'http://x',
      CHAT_OPS_URL: 'http://x',
    },
    ...overrides,
  };
}

describe('buildSystemEnv', () => {
  it('gives each running service its own database, port and the shared infra', () => {
    const { services } = buildSystemEnv(options({ namespace: 'e2e', databaseName: (s) => `e2e_${s}` }));
    expect(services.map((s) => s.name)).toEqual(['identity', 'credits', 'prompt']);
    const [identity, credits] = services;
    expect(identity!.env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/e2e_identity');
    expect(credits!.env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/e2e_credits');
    expect(credits).toMatchObject({
      cwd: path.join('/repo', 'services', 'credits'),
      port: 9102,
      opsUrl: 'http://127.0.0.1:10102',
      readyUrl: 'http://127.0.0.1:10102/readyz',
    });
    expect(credits!.env).toMatchObject({
      PORT: '9102',
      OPS_PORT: '10102',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      PATH: '/bin',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: 'e2e',
      JWKS_URL: 'http://127.0.0.1:9101/api/identity/.well-known/jwks.json',
      ...s3,
      FILE_URL_SECRET: 'f'.repeat(64),
    });
    expect(identity!.env.IDENTITY_KEYS_DIR).toBe('/keys');
    expect(credits!.env.IDENTITY_KEYS_DIR).toBeUndefined();
  });

  it('gives the gateway a URL for each running service and no database', () => {
    const { gateway } = buildSystemEnv(options({ gatewayEnv: { RATE_LIMIT_PER_MINUTE: '100000' } }));
    expect(gateway).toMatchObject({
      cwd: path.join('/repo', 'gateway'),
      readyUrl: 'http://127.0.0.1:10080/readyz',
    });
    expect(gateway.env).toMatchObject({
      PORT: '9080',
      OPS_PORT: '10080',
      IDENTITY_URL: 'http://127.0.0.1:9101',
      CREDITS_URL: 'http://127.0.0.1:9102',
      PROMPT_URL: 'http://127.0.0.1:9103',
      IDENTITY_OPS_URL: 'http://127.0.0.1:10101',
      CREDITS_OPS_URL: 'http://127.0.0.1:10102',
      PROMPT_OPS_URL: 'http://127.0.0.1:10103',
      STATIC_DIR: path.join('/repo', 'shell', 'dist'),
      REMOTES_DIR: path.join('/repo', 'remotes'),
      JWKS_URL: 'http://127.0.0.1:9101/api/identity/.well-known/jwks.json',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    // chat does not run: an inherited CHAT_URL would route to nothing.
    expect(gateway.env).not.toHaveProperty('CHAT_URL');
    expect(gateway.env).not.toHaveProperty('CHAT_OPS_URL');
    expect(gateway.env).not.toHaveProperty('DATABASE_URL');
    expect(gateway.env).not.toHaveProperty('HOST');
  });

  it('connects each service and the gateway as its own user of an embedded NATS with users', () => {
    const permissions = { publish: [], subscribe: [], allowResponses: false };
    const withUsers = (users: string[]) =>
      buildSystemEnv(
        options({
          infra: {
            ...options().infra,
            natsUsers: users.map((user) => ({ user, password: `${user}-secret`, permissions })),
          },
        }),
      );
    const { services, gateway } = withUsers(['credits', 'identity', 'gateway']);
    const [identity, credits, prompt] = services;
    expect(credits!.env).toMatchObject({ NATS_USER: 'credits', NATS_PASSWORD: 'credits-secret' });
    expect(identity!.env).toMatchObject({ NATS_USER: 'identity', NATS_PASSWORD: 'identity-secret' });
    expect(prompt!.env).not.toHaveProperty('NATS_USER');
    // The gateway follows access-token revocations as its own user.
    expect(gateway.env).toMatchObject({
      NATS_URL: options().infra.natsUrl,
      NATS_USER: 'gateway',
      NATS_PASSWORD: 'gateway-secret',
    });
    expect(withUsers(['credits']).gateway.env).not.toHaveProperty('NATS_PASSWORD');
  });

  it('layers extra env over the infra and per-service env over that', () => {
    const { services, gateway } = buildSystemEnv(
      options({
        jwksUrl: 'https://id.example/jwks.json',
        env: { NATS_URL: 'nats://other:4222', LOG_LEVEL: 'warn' },
        serviceEnv: { identity: { PUBLIC_URL: 'http://localhost:9080', PORT: '1' } },
      }),
    );
    const identity = services[0]!;
    expect(identity.env).toMatchObject({ PUBLIC_URL: 'http://localhost:9080', PORT: '1', LOG_LEVEL: 'warn' });
    expect(services[1]!.env.PUBLIC_URL).toBeUndefined();
    expect(gateway.env.NATS_URL).toBe('nats://other:4222');
    expect(gateway.env.JWKS_URL).toBe('https://id.example/jwks.json');
    // Without a namespace the inherited one (if any) is left alone.
    expect(identity.env).not.toHaveProperty('NATS_NAMESPACE');
  });
});

describe('presentServices', () => {
  it('keeps the services with a src/main.ts, in routing order', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'act-system-'));
    try {
      for (const service of ['prompt', 'identity']) {
        fs.mkdirSync(path.join(root, 'services', service, 'src'), { recursive: true });
        fs.writeFileSync(path.join(root, 'services', service, 'src', 'main.ts'), '');
      }
      fs.mkdirSync(path.join(root, 'services', 'credits'), { recursive: true });
      expect(presentServices(root, routes).map((r) => r.service)).toEqual(['identity', 'prompt']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('keptSecret', () => {
  it('creates a secret on first use, readable by the owner only, and returns the same one afterwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-secret-'));
    try {
      const file = path.join(dir, 'nested', 'file-url-secret');
      const first = keptSecret(file);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(keptSecret(file)).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

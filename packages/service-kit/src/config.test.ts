import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseConfigSchema,
  ConfigError,
  databaseConfigFields,
  graceCoversWork,
  loadConfig,
  shutdownGraceField,
} from './config';

const validEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/api/identity/.well-known/jwks.json',
};

describe('loadConfig', () => {
  it('applies defaults and freezes the result', () => {
    const config = loadConfig(baseConfigSchema, validEnv);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.JWT_ISSUER).toBe('act-identity');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every missing or malformed variable in one error', () => {
    const schema = baseConfigSchema.extend({ ...databaseConfigFields, S3_BUCKET: z.string().min(3) });
    let error: unknown;
    try {
      loadConfig(schema, { DATABASE_URL: 'mysql://nope', PORT: 'eighty', S3_BUCKET: 'x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('DATABASE_URL: must be a URL (postgres, postgresql)');
    expect(message).toContain('NATS_URL: is required but not set');
    expect(message).toContain('JWKS_URL: is required but not set');
    expect(message).toMatch(/PORT: .+/);
    expect(message).toMatch(/S3_BUCKET: .+/);
  });

  it('treats an empty variable as unset so defaults apply', () => {
    const config = loadConfig(baseConfigSchema, { ...validEnv, LOG_LEVEL: '' });
    expect(config.LOG_LEVEL).toBe('info');
  });
});

describe('graceCoversWork', () => {
  const schema = graceCoversWork(
    baseConfigSchema.extend({
      WORK_MS: z.coerce.number().int().default(60_000),
      OTHER_WORK_MS: z.coerce.number().int().default(30_000),
      ...shutdownGraceField,
    }),
    ['WORK_MS', 'OTHER_WORK_MS'],
    'job',
  );

  it('defaults the grace to the longest a charged call may run, which covers the work', () => {
    expect(loadConfig(schema, validEnv).SHUTDOWN_GRACE_MS).toBe(180_000);
  });

  it('refuses a grace shorter than any bound of the work, naming the rule', () => {
    expect(() => loadConfig(schema, { ...validEnv, SHUTDOWN_GRACE_MS: '45000' })).toThrow(
      'SHUTDOWN_GRACE_MS: must be at least WORK_MS and OTHER_WORK_MS, so a deploy lets the longest job finish',
    );
    expect(loadConfig(schema, { ...validEnv, SHUTDOWN_GRACE_MS: '60000' }).SHUTDOWN_GRACE_MS).toBe(60_000);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '@act/service-kit';
import { falModelsOf, loadImageConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/image',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
  S3_BUCKET: 'act-local',
  FILE_URL_SECRET: 'x'.repeat(32),
};

describe('image config', () => {
  it('defaults to port 8105, no fal key, fal itself, a 120 s limit and the model table', () => {
    const config = loadImageConfig(base);
    expect(config.PORT).toBe(8105);
    expect(config.FAL_KEY).toBeUndefined();
    expect(config.FAL_BASE_URL).toBeUndefined();
    expect(config.FAL_TIMEOUT_MS).toBe(120_000);
    expect(falModelsOf(config)['flux-schnell'].endpoint).toBe('fal-ai/flux/schnell');
  });

  it('takes a key, another fal host and a per-model endpoint', () => {
    const config = loadImageConfig({
      ...base,
      FAL_KEY: 'key',
      FAL_BASE_URL: 'http://127.0.0.1:8191',
      FAL_MODEL_IMAGEN_4_ULTRA: 'fal-ai/imagen4/preview/fast',
    });
    expect(config.FAL_BASE_URL).toBe('http://127.0.0.1:8191');
    expect(falModelsOf(config)['imagen-4-ultra'].endpoint).toBe('fal-ai/imagen4/preview/fast');
    expect(falModelsOf(config)['imagen-4-preview'].endpoint).toBe('fal-ai/imagen4/preview');
  });

  it('refuses a time limit past the charged-work limit, a grace shorter than it, and a missing bucket or secret', () => {
    expect(() => loadImageConfig({ ...base, FAL_TIMEOUT_MS: '200000' })).toThrow(ConfigError);
    expect(() => loadImageConfig({ ...base, SHUTDOWN_GRACE_MS: '1000' })).toThrow(ConfigError);
    expect(() => loadImageConfig({ ...base, FAL_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    const { S3_BUCKET: _b, ...noBucket } = base;
    expect(() => loadImageConfig(noBucket)).toThrow(ConfigError);
    expect(() => loadImageConfig({ ...base, FILE_URL_SECRET: 'short' })).toThrow(ConfigError);
  });
});

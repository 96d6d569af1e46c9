import { describe, expect, it } from 'vitest';
import { ConfigError } from '@act/service-kit';
import { loadVoiceConfig } from './config';

const base = {
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/voice',
  S3_BUCKET: 'act-uploads',
  FILE_URL_SECRET: 'x'.repeat(32),
};

describe('voice config', () => {
  it('runs locally without an ElevenLabs key, on port 8106, with jobs that fit the charged-work limit', () => {
    const config = loadVoiceConfig(base);
    expect(config.PORT).toBe(8106);
    expect(config.ELEVENLABS_API_KEY).toBeUndefined();
    expect(config.LOCAL_WORKERS).toBe(2);
    expect(config.PROVIDER_TIMEOUT_MS).toBeGreaterThanOrEqual(120_000);
    expect(config.SHUTDOWN_GRACE_MS).toBeGreaterThanOrEqual(config.PROVIDER_TIMEOUT_MS);
  });

  it('treats an empty key as none (compose passes ${ELEVENLABS_API_KEY:-}) and takes a base URL', () => {
    expect(loadVoiceConfig({ ...base, ELEVENLABS_API_KEY: '' }).ELEVENLABS_API_KEY).toBeUndefined();
    const config = loadVoiceConfig({
      ...base,
      ELEVENLABS_API_KEY: 'el',
      ELEVENLABS_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(config.ELEVENLABS_BASE_URL).toBe('http://127.0.0.1:9');
  });

  it('refuses a provider timeout past the charged-work limit, a short file secret and a non-http base URL', () => {
    expect(() => loadVoiceConfig({ ...base, PROVIDER_TIMEOUT_MS: '200000' })).toThrow(ConfigError);
    expect(() => loadVoiceConfig({ ...base, FILE_URL_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadVoiceConfig({ ...base, ELEVENLABS_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});

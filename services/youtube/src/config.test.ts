import { describe, expect, it } from 'vitest';
import { ConfigError } from '@act/service-kit';
import { loadYoutubeConfig } from './config';
import { createSummaryProvider } from './providers/select-provider';

const base = {
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
  DATABASE_URL: 'postgres://youtube@127.0.0.1:5432/youtube',
};

describe('youtube config', () => {
  it('defaults to YouTube itself, a day of transcript cache and the local summary', () => {
    const config = loadYoutubeConfig(base);
    expect(config.PORT).toBe(8107);
    expect(config.YOUTUBE_BASE_URL).toBeUndefined();
    expect(config.YOUTUBE_THUMBNAIL_BASE_URL).toBeUndefined();
    expect(config.TRANSCRIPT_CACHE_MS).toBe(86_400_000);
    expect(createSummaryProvider(config)).toBeUndefined();
  });

  it("takes the fakes' base URLs and a provider key (OPENROUTER_API_KEY too)", () => {
    const config = loadYoutubeConfig({
      ...base,
      YOUTUBE_BASE_URL: 'http://127.0.0.1:8190',
      YOUTUBE_THUMBNAIL_BASE_URL: 'http://127.0.0.1:8190',
      OPENROUTER_API_KEY: 'sk-or',
    });
    expect(config.YOUTUBE_BASE_URL).toBe('http://127.0.0.1:8190');
    expect(createSummaryProvider(config)?.name).toBe('openai');
  });

  it('needs its database (the saved summaries)', () => {
    const { DATABASE_URL: _url, ...withoutDatabase } = base;
    expect(() => loadYoutubeConfig(withoutDatabase)).toThrow(ConfigError);
  });

  it('refuses a base URL that is not http(s) and a provider timeout past the charged-work limit', () => {
    expect(() => loadYoutubeConfig({ ...base, YOUTUBE_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadYoutubeConfig({ ...base, PROVIDER_TIMEOUT_MS: '200000' })).toThrow(ConfigError);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '@act/service-kit';
import { loadPromptConfig } from '../config';
import { createProvider, providerNameFor } from './select-provider';

const BASE = {
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/prompt',
};

describe('provider selection', () => {
  it('is local without a key, openai with one, and PROMPT_PROVIDER wins', () => {
    expect(providerNameFor(loadPromptConfig(BASE))).toBe('local');
    expect(providerNameFor(loadPromptConfig({ ...BASE, OPENAI_API_KEY: 'sk-1' }))).toBe('openai');
    expect(providerNameFor(loadPromptConfig({ ...BASE, OPENROUTER_API_KEY: 'sk-or-1' }))).toBe('openai');
    expect(
      providerNameFor(loadPromptConfig({ ...BASE, OPENAI_API_KEY: 'sk-1', PROMPT_PROVIDER: 'local' })),
    ).toBe('local');
  });

  it('refuses PROMPT_PROVIDER=openai without a key', () => {
    expect(() => createProvider(loadPromptConfig({ ...BASE, PROMPT_PROVIDER: 'openai' }))).toThrow(
      ConfigError,
    );
  });

  it('defaults to OpenRouter with a text model and a vision model, per-tool overridable', () => {
    const config = loadPromptConfig({ ...BASE, PROMPT_MODEL_MAGIC_ENHANCE: 'anthropic/claude-sonnet-4' });
    expect(config.OPENAI_BASE_URL).toBe('https://openrouter.ai/api/v1');
    expect(config.PROMPT_TEXT_MODEL).toBe('openai/gpt-4o-mini');
    expect(config.PROMPT_VISION_MODEL).toBe('google/gemini-2.5-flash');
    expect(config.PORT).toBe(8103);
    expect(config.PROVIDER_TIMEOUT_MS).toBe(60_000);
    expect(createProvider({ ...config, OPENAI_API_KEY: 'sk' }).name).toBe('openai');
  });

  it("needs its database (members' results, issue 37) and NATS", () => {
    expect(() => loadPromptConfig(BASE)).not.toThrow();
    expect(() => loadPromptConfig({ ...BASE, DATABASE_URL: undefined })).toThrow(/DATABASE_URL/);
    expect(() => loadPromptConfig({ ...BASE, NATS_URL: undefined })).toThrow(/NATS_URL/);
  });
});

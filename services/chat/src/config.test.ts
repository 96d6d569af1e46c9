import { describe, expect, it } from 'vitest';
import { ConfigError } from '@act/service-kit';
import { openAiKeyOf } from '@act/service-kit';
import { chatModelsOf, deepSearchLimitsOf, loadChatConfig } from './config';
import { searchProviderOf } from './providers';

const required = {
  DATABASE_URL: 'postgres://localhost/chat',
  NATS_URL: 'nats://localhost:4222',
  JWKS_URL: 'http://localhost/jwks.json',
  S3_BUCKET: 'act-files',
  FILE_URL_SECRET: 'a-test-secret-of-at-least-32-characters',
};

describe('chat config', () => {
  it('defaults to OpenRouter, the spec models (Gemini on its current id) and a grace that covers the longest reply', () => {
    const config = loadChatConfig(required);
    expect(config.PORT).toBe(8104);
    expect(config.OPENAI_BASE_URL).toBe('https://openrouter.ai/api/v1');
    expect(openAiKeyOf(config)).toBeUndefined();
    expect(chatModelsOf(config)).toEqual({
      playground: {
        'openai/gpt-4o-mini': 'openai/gpt-4o-mini',
        'google/gemini-2.5-flash-preview-05-20': 'google/gemini-2.5-flash',
        'anthropic/claude-sonnet-4': 'anthropic/claude-sonnet-4',
        'deepseek/deepseek-r1-0528:free': 'deepseek/deepseek-r1-0528:free',
      },
      reasoning: 'perplexity/sonar-reasoning-pro',
      agent: {
        'openai/gpt-4o-mini': 'openai/gpt-4o-mini',
        'google/gemini-2.5-pro': 'google/gemini-2.5-pro',
        'google/gemini-2.5-flash': 'google/gemini-2.5-flash',
        'anthropic/claude-sonnet-4': 'anthropic/claude-sonnet-4',
        'meta-llama/llama-3-70b-instruct': 'meta-llama/llama-3-70b-instruct',
        'mistralai/mistral-nemo': 'mistralai/mistral-nemo',
        'deepseek/deepseek-chat-v3-0324:free': 'deepseek/deepseek-chat-v3-0324:free',
        'deepseek/deepseek-r1:free': 'deepseek/deepseek-r1:free',
      },
      web: 'openai/gpt-4o-mini',
      deepSearch: 'openai/gpt-4o-mini',
    });
    // PDFs go as file parts, and the web chat never reads loopback pages unless told to (tests, e2e).
    expect(config.CHAT_PDF_INPUT).toBe('file');
    expect(config.WEB_FETCH_ALLOW_LOOPBACK).toBe(false);
    expect(loadChatConfig({ ...required, WEB_FETCH_ALLOW_LOOPBACK: 'true' }).WEB_FETCH_ALLOW_LOOPBACK).toBe(
      true,
    );
    expect(config.CHAT_REPLY_MAX_MS).toBe(170_000);
    expect(config.SHUTDOWN_GRACE_MS).toBeGreaterThanOrEqual(config.CHAT_REPLY_MAX_MS);
  });

  it('takes every model id and the key (or its OpenRouter alias) from the environment', () => {
    const config = loadChatConfig({
      ...required,
      OPENROUTER_API_KEY: 'or-key',
      OPENAI_BASE_URL: 'http://llm.internal:8000/v1',
      CHAT_MODEL_GPT_4O_MINI: 'local/a',
      CHAT_MODEL_GEMINI_2_5_FLASH: 'local/b',
      CHAT_MODEL_CLAUDE_SONNET_4: 'local/c',
      CHAT_MODEL_DEEPSEEK_R1: 'local/d',
      CHAT_MODEL_REASONING: 'local/r',
      CHAT_MODEL_GEMINI_2_5_PRO: 'local/p',
      CHAT_MODEL_WEB: 'local/w',
    });
    expect(chatModelsOf(config).agent['google/gemini-2.5-pro']).toBe('local/p');
    expect(chatModelsOf(config).agent['google/gemini-2.5-flash']).toBe('local/b');
    expect(chatModelsOf(config).web).toBe('local/w');
    expect(openAiKeyOf(config)).toBe('or-key');
    expect(Object.values(chatModelsOf(config).playground)).toEqual([
      'local/a',
      'local/b',
      'local/c',
      'local/d',
    ]);
    expect(chatModelsOf(config).reasoning).toBe('local/r');
    expect(openAiKeyOf(loadChatConfig({ ...required, OPENAI_API_KEY: 'sk', OPENROUTER_API_KEY: 'or' }))).toBe(
      'sk',
    );
  });

  it('refuses a reply limit past the charged-work limit and a grace shorter than the longest reply', () => {
    expect(() => loadChatConfig({ ...required, CHAT_REPLY_MAX_MS: '200000' })).toThrow(/CHAT_REPLY_MAX_MS/);
    expect(() => loadChatConfig({ ...required, SHUTDOWN_GRACE_MS: '10000' })).toThrow(ConfigError);
    expect(() => loadChatConfig({ ...required, SHUTDOWN_GRACE_MS: '10000' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(
      loadChatConfig({ ...required, SHUTDOWN_GRACE_MS: '10000', CHAT_REPLY_MAX_MS: '5000' })
        .SHUTDOWN_GRACE_MS,
    ).toBe(10_000);
  });

  it("picks Deep Search's search provider (SearXNG first, then Brave, else none) and bounds", () => {
    expect(searchProviderOf(loadChatConfig(required))).toBeUndefined();
    expect(searchProviderOf(loadChatConfig({ ...required, BRAVE_SEARCH_API_KEY: 'k' }))?.name).toBe('brave');
    expect(
      searchProviderOf(
        loadChatConfig({ ...required, BRAVE_SEARCH_API_KEY: 'k', SEARXNG_URL: 'http://searxng:8080' }),
      )?.name,
    ).toBe('searxng');
    expect(deepSearchLimitsOf(loadChatConfig(required))).toEqual({
      maxSearches: 4,
      maxPages: 6,
      maxMs: 90_000,
      maxBytes: 20 * 1024 * 1024,
    });
    expect(() => loadChatConfig({ ...required, SEARXNG_URL: 'ftp://x' })).toThrow(/SEARXNG_URL/);
    expect(() => loadChatConfig({ ...required, DEEP_SEARCH_MAX_PAGES: '0' })).toThrow(
      /DEEP_SEARCH_MAX_PAGES/,
    );
  });
});

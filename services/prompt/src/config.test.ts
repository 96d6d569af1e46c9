// Prompt configuration: a provider budget that could outlast the credits hold is refused at start with a reason.
import { describe, expect, it } from 'vitest';
import { loadPromptConfig } from './config';

const base = {
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/api/identity/.well-known/jwks.json',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/prompt',
};

describe('PROVIDER_TIMEOUT_MS', () => {
  it('accepts an attempt whose retry still fits in the charged work limit', () => {
    expect(loadPromptConfig({ ...base, PROVIDER_TIMEOUT_MS: '87500' }).PROVIDER_TIMEOUT_MS).toBe(87_500);
  });

  it('refuses one whose two attempts could outlast it, and says why', () => {
    expect(() => loadPromptConfig({ ...base, PROVIDER_TIMEOUT_MS: '120000' })).toThrow(
      /PROVIDER_TIMEOUT_MS: must be at most 87500 ms: two attempts and the pause between them must fit in the 180000 ms/,
    );
  });
});

// Which endpoints a personal API key may call (docs/product-rules.md#personal-api-keys): every endpoint of the tool
// families and the two credit reads; never keys, sessions, the account, billing, the spending cap or support.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../routes';
import { apiKeyMayCall, CreateApiKeyRequestSchema, API_KEY_TEXTS } from './api-keys';

describe('apiKeyMayCall', () => {
  it('allows the tool families and GET /api/credits/me and /ledger, nothing else', () => {
    const allowed = ENDPOINTS.filter(apiKeyMayCall).map((e) => `${e.method} ${e.path}`);
    const services = new Set(allowed.map((line) => line.split('/')[2]));
    expect([...services].sort()).toEqual(['chat', 'credits', 'image', 'prompt', 'voice', 'youtube']);
    expect(allowed.filter((line) => line.includes('/api/credits/'))).toEqual([
      'GET /api/credits/me',
      'GET /api/credits/ledger',
    ]);
    for (const refused of [
      'POST /api/identity/api-keys',
      'DELETE /api/identity/api-keys/:id',
      'POST /api/identity/logout',
      'PUT /api/identity/user',
      'PUT /api/credits/spend-cap',
      'POST /api/billing/checkout',
      'GET /api/credits/support/member',
      'GET /api/credits/api-keys/spend',
    ]) {
      const [method, path] = refused.split(' ') as [string, string];
      expect([refused, apiKeyMayCall({ method, path })]).toEqual([refused, false]);
    }
  });

  it('checks a new key’s name and limit with the product’s texts', () => {
    expect(CreateApiKeyRequestSchema.safeParse({ name: ' CI ' }).data).toEqual({ name: 'CI' });
    const errorOf = (body: unknown) => CreateApiKeyRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(errorOf({ name: '' })).toBe(API_KEY_TEXTS.nameRequired);
    expect(errorOf({ name: 'x'.repeat(61) })).toBe(API_KEY_TEXTS.nameTooLong);
    expect(errorOf({ name: 'CI', monthlyCreditLimit: 1.5 })).toBe(API_KEY_TEXTS.limitInvalid);
    expect(errorOf({ name: 'CI', monthlyCreditLimit: 0 })).toBe(API_KEY_TEXTS.limitInvalid);
  });
});

import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { createCreditsStore } from './credits-store';
import { createFakeFetch, json } from './test-support/fake-fetch';
import { makeMe } from './test-support/factories';

function storeWith(fake: ReturnType<typeof createFakeFetch>) {
  const api = createApiClient({
    getAccessToken: async () => 't',
    refresh: async () => null,
    fetch: fake.fetch,
  });
  return createCreditsStore(api);
}

describe('createCreditsStore', () => {
  it('loads the account and follows remainingCredits', async () => {
    const fake = createFakeFetch({ 'GET /api/credits/me': () => json({ success: true, me: makeMe() }) });
    const store = storeWith(fake);
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'ready', me: { credits: 50, plan: 'free' } });
    store.setRemainingCredits(48);
    expect(store.getState().me?.credits).toBe(48);
    store.setRemainingCredits(null);
    expect(store.getState().me?.credits).toBe(48);
  });

  it('reports a first load that fails as an error, a failed reload as a banner text', async () => {
    const fake = createFakeFetch({
      'GET /api/credits/me': () => json({ success: false, error: 'User not found', code: 'NOT_FOUND' }, 404),
    });
    const store = storeWith(fake);
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'error', me: null, error: 'User not found' });

    fake.on('GET /api/credits/me', () => json({ success: true, me: makeMe() }));
    await store.load();
    fake.on('GET /api/credits/me', () => new Response('', { status: 503 }));
    await store.load();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      me: { credits: 50 },
      error: 'Failed to retrieve user profile',
    });
  });
});

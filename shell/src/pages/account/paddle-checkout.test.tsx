// Paddle checkout from the subscription tab: the custom data handed to Paddle.js is the one credits signed, never
// a user id the browser filled in itself (the webhook believes no other).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeMe } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const paddle = vi.hoisted(() => {
  const open = vi.fn();
  const instance = { Initialized: true, Checkout: { open } };
  return { open, instance };
});
vi.mock('@paddle/paddle-js', () => ({
  initializePaddle: async () => paddle.instance,
  getPaddleInstance: () => paddle.instance,
}));

describe('Paddle checkout', () => {
  it('opens checkout with the custom data credits signed for the member', async () => {
    const backend = createFakeBackend({ me: makeMe({ plan: 'free' }) });
    backend.on('GET /api/billing/config', () =>
      json({
        success: true,
        config: {
          environment: 'sandbox',
          clientToken: 'test_client_token',
          prices: {
            pro: { monthly: 'pri_pro_monthly', yearly: 'pri_pro_yearly' },
            premium: { monthly: 'pri_premium_monthly', yearly: null },
            ultimate: { monthly: 'pri_ultimate_monthly', yearly: null },
          },
        },
      }),
    );
    const signed = {
      user_id: '5f0c7a9e-3b1d-4c8e-9a2f-6d4b1e8c7a30',
      plan: 'pro',
      billing_cycle: 'monthly',
      signature: 'c2lnbmVkLWJ5LWNyZWRpdHM',
    };
    backend.on('POST /api/billing/checkout', () => json({ success: true, custom_data: signed }));
    renderApp('/dashboard?view=account&tab=subscription', { backend });

    const upgrade = await screen.findByRole('button', { name: 'Upgrade: Pro' });
    // Paddle.js loads after the tab opens; a click before that only says the payment system is not ready.
    await waitFor(() => {
      fireEvent.click(upgrade);
      expect(paddle.open).toHaveBeenCalled();
    });
    expect(paddle.open).toHaveBeenCalledWith(
      expect.objectContaining({ items: [{ priceId: 'pri_pro_monthly', quantity: 1 }], customData: signed }),
    );
    expect(backend.requests.find((r) => r.url.endsWith('/api/billing/checkout'))?.body).toEqual({
      plan: 'pro',
      billing_cycle: 'monthly',
    });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { plansPath } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json, makeMe } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';
import { planButton } from './plan-button';

describe('plan buttons by rank (pro 1, premium 2, ultimate 3)', () => {
  it('reads Upgrade for higher, Downgrade for lower and a disabled Current Plan for the same plan', () => {
    expect(planButton('premium', 'ultimate')).toEqual({
      action: 'upgrade',
      label: 'Upgrade',
      disabled: false,
    });
    expect(planButton('premium', 'pro')).toEqual({
      action: 'downgrade',
      label: 'Downgrade',
      disabled: false,
    });
    expect(planButton('premium', 'premium')).toEqual({
      action: 'current',
      label: 'Current Plan',
      disabled: true,
    });
    expect(planButton('free', 'pro').label).toBe('Upgrade');
  });

  it('lets a member whose plan matches none select any plan', () => {
    expect(planButton('legacy-gold', 'pro')).toEqual({
      action: 'select',
      label: 'Select Plan',
      disabled: false,
    });
    expect(planButton(null, 'ultimate').disabled).toBe(false);
  });
});

describe('account view', () => {
  it('has the three tabs and Back to Tools, and shows the overview', async () => {
    const app = renderApp('/dashboard?view=account');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Subscription', 'Usage History']);
    const overview = screen.getByRole('tabpanel');
    expect(overview.textContent).toContain('maya@example.com');
    expect(overview.textContent).toContain('January 5, 2025');
    expect(overview.textContent).toContain('February 5, 2025');
    fireEvent.click(screen.getByRole('link', { name: /Back to Tools/ }));
    expect(app.location()).toBe('/dashboard');
  });

  it('shows plan cards with rank buttons and no cancel without a subscription', async () => {
    renderApp('/dashboard?view=account&tab=subscription', {
      backend: createFakeBackend({ me: makeMe({ plan: 'premium' }) }),
    });
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('button', { name: 'Downgrade: Pro' })).toBeTruthy();
    const current = within(panel).getByRole('button', { name: 'Current Plan: Premium' }) as HTMLButtonElement;
    expect(current.disabled).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Upgrade: Ultimate' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('confirms a downgrade with the end-of-period text', async () => {
    renderApp('/dashboard?view=account&tab=subscription', {
      backend: createFakeBackend({ me: makeMe({ plan: 'ultimate' }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Downgrade: Pro' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('takes effect at the end of your current billing period');
  });

  it('offers cancel only with a subscription, warns, and cancels through billing', async () => {
    const backend = createFakeBackend({
      me: makeMe({ plan: 'pro', has_subscription: true, subscription_id: 'sub_01abc' }),
    });
    backend.on(
      'POST /api/billing/cancel',
      () => new Response(JSON.stringify({ success: true }), { status: 200 }),
    );
    renderApp('/dashboard?view=account&tab=subscription', { backend });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'You will lose access to premium features at the end of your current billing period.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await screen.findByText('Your subscription will end at the close of the current billing period.');
    const cancel = backend.requests.find((r) => r.url === '/api/billing/cancel');
    expect(cancel?.body).toEqual({ subscription_id: 'sub_01abc' });
  });

  it('switches the plan prices to yearly with the saving', async () => {
    renderApp('/dashboard?view=account&tab=subscription');
    await screen.findByTestId('price-pro');
    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByTestId('price-pro').textContent).toBe('$99/year');
    expect(screen.getByText('Save $9 per year')).toBeTruthy();
  });

  it('says payments are not configured when billing has no client token', async () => {
    renderApp('/dashboard?view=account&tab=subscription');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('Payments are not configured')).toBeTruthy();
  });

  describe('changing plan', () => {
    it('sends an upgrade of an existing subscription to change-plan, not to a new checkout', async () => {
      const backend = createFakeBackend({
        me: makeMe({ plan: 'pro', has_subscription: true, subscription_id: 'sub_01abc' }),
      });
      backend.on('POST /api/billing/change-plan', () =>
        json({ success: true, change: 'upgrade', effectiveAt: null }),
      );
      renderApp('/dashboard?view=account&tab=subscription', { backend });
      fireEvent.click(await screen.findByRole('button', { name: 'Upgrade: Ultimate' }));
      await screen.findByText(
        'Your plan is being upgraded. Your new credits appear as soon as the payment goes through.',
      );
      const change = backend.requests.filter((r) => r.url === '/api/billing/change-plan');
      expect(change.map((r) => r.body)).toEqual([{ plan: 'ultimate', billing_cycle: 'monthly' }]);
      expect(screen.queryByText('Payment system not ready. Please try again.')).toBeNull();
    });

    it('brings a member sent from a tool back to it after the change, and never to another site', async () => {
      for (const [back, expected] of [
        ['/tools/cartoonify', '/tools/cartoonify'],
        ['//evil.example', '/dashboard?view=account&tab=subscription&return=%2F%2Fevil.example'],
        [
          'https://evil.example',
          '/dashboard?view=account&tab=subscription&return=https%3A%2F%2Fevil.example',
        ],
      ] as const) {
        const backend = createFakeBackend({
          me: makeMe({ plan: 'pro', has_subscription: true, subscription_id: 'sub_01abc' }),
        });
        backend.on('POST /api/billing/change-plan', () =>
          json({ success: true, change: 'upgrade', effectiveAt: null }),
        );
        const app = renderApp(`${plansPath()}&return=${encodeURIComponent(back)}`, { backend });
        fireEvent.click(await screen.findByRole('button', { name: 'Upgrade: Ultimate' }));
        await waitFor(() =>
          expect(backend.requests.some((r) => r.url === '/api/billing/change-plan')).toBe(true),
        );
        await waitFor(() => expect(app.location()).toBe(expected));
        app.unmount();
      }
    });

    it('changes a confirmed downgrade at the end of the period and shows the pending change', async () => {
      let me = makeMe({ plan: 'ultimate', has_subscription: true, subscription_id: 'sub_01abc' });
      const backend = createFakeBackend();
      backend.on('GET /api/credits/me', () => json({ success: true, me }));
      backend.on('POST /api/billing/change-plan', () => {
        me = { ...me, scheduled_plan: 'pro', scheduled_change_at: '2025-08-01T12:00:00.000Z' };
        return json({ success: true, change: 'downgrade', effectiveAt: '2025-08-01T12:00:00.000Z' });
      });
      renderApp('/dashboard?view=account&tab=subscription', { backend });
      fireEvent.click(await screen.findByRole('button', { name: 'Downgrade: Pro' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(backend.requests.some((r) => r.url === '/api/billing/change-plan')).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
      await screen.findByText('Your plan will change at the end of the billing period');
      const change = backend.requests.find((r) => r.url === '/api/billing/change-plan');
      expect(change?.body).toEqual({ plan: 'pro', billing_cycle: 'monthly' });
      expect(await screen.findByText('Your plan changes to Pro on August 1, 2025.')).toBeTruthy();
    });

    it("shows the server's text, or the spec's 'Failed to start subscription process'", async () => {
      const backend = createFakeBackend({
        me: makeMe({ plan: 'ultimate', has_subscription: true, subscription_id: 'sub_01abc' }),
      });
      backend.on('POST /api/billing/change-plan', () =>
        json(
          {
            success: false,
            error: 'A downgrade keeps your current billing cycle. Choose the monthly price to downgrade.',
            code: 'VALIDATION_FAILED',
          },
          400,
        ),
      );
      renderApp('/dashboard?view=account&tab=subscription', { backend });
      fireEvent.click(await screen.findByRole('radio', { name: /Yearly/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Downgrade: Premium' }));
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Downgrade' }),
      );
      expect((await screen.findByRole('alert')).textContent).toContain(
        'A downgrade keeps your current billing cycle. Choose the monthly price to downgrade.',
      );
      expect(backend.requests.find((r) => r.url === '/api/billing/change-plan')?.body).toEqual({
        plan: 'premium',
        billing_cycle: 'yearly',
      });

      backend.on('POST /api/billing/change-plan', () => new Response('Bad gateway', { status: 502 }));
      fireEvent.click(screen.getByRole('button', { name: 'Downgrade: Pro' }));
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Downgrade' }),
      );
      expect(await screen.findByText('Failed to start subscription process')).toBeTruthy();
    });

    it('keeps the checkout flow for a member without a subscription', async () => {
      const backend = createFakeBackend({ me: makeMe({ plan: 'pro' }) });
      renderApp('/dashboard?view=account&tab=subscription', { backend });
      fireEvent.click(await screen.findByRole('button', { name: 'Upgrade: Premium' }));
      // Checkout is asked for (payments are not configured in this fake, so it is not ready).
      expect(await screen.findByText('Payment system not ready. Please try again.')).toBeTruthy();
      expect(backend.requests.some((r) => r.url === '/api/billing/change-plan')).toBe(false);
    });
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend, renderApp } from '../test-support/render-app';

describe('routes', () => {
  it('sends any other path to /', async () => {
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy | AI Creative Toolbox'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service | AI Creative Toolbox'],
    ['/refund-policy', 'Refund Policy', 'Refund Policy | AI Creative Toolbox'],
    ['/contact-us', 'Contact Us', 'Contact Us | AI Creative Toolbox'],
  ])('%s has its title, Back to Home and last updated January 2025', async (path, heading, title) => {
    renderApp(path, { backend: createFakeBackend({ session: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Last updated January 2025')).toBeTruthy();
    expect(document.title).toBe(title);
  });

  it('states the refund figures of the spec', async () => {
    renderApp('/refund-policy');
    const page = (await screen.findByRole('heading', { level: 1, name: 'Refund Policy' })).closest(
      'article',
    )!;
    const text = page.textContent ?? '';
    for (const figure of [
      'Within 7 days',
      'Within 3 days of purchase',
      'Within 30 days',
      'Within 24 hours',
      '3-5 business days',
      'within 24 hours on business days',
      'PayPal: 1-2 business days',
      'Bank transfer: 5-7 business days',
      'Credit and debit cards: 3-5 business days',
      'past 12 months',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('gives the auth page its own title', async () => {
    renderApp('/auth', { backend: createFakeBackend({ session: null }) });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(document.title).toBe('Sign In or Create Your Account | AI Creative Toolbox');
  });
});

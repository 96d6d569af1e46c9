// The tool pages are for signed-in members (docs/product-rules.md#screens), so nothing a visitor reads may promise
// a guest a free try in the browser; the API's guest rule is stated as the API's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { renderApp } from '../../test-support/render-app';

const GUEST_TRIAL =
  /(try|use) (each|every|some|a) tools? (once|free)|free (try|use) (of|per)|without an account may (try|use)|guests? (get|may|can) (one|a) free/i;

describe('no guest trial is promised in the browser', () => {
  it('the terms say the website needs an account and the API rule is the API', async () => {
    renderApp('/terms-of-service');
    const main = (await screen.findByRole('heading', { level: 1 })).closest('main') ?? document.body;
    await screen.findByText(/Using the tools on this website needs an account/);
    expect(main.textContent).not.toMatch(GUEST_TRIAL);
    expect(main.textContent).toMatch(/our API answers a call without an account/);
  });

  it('the landing page and its texts promise free credits for an account, not a guest try', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.body.textContent).not.toMatch(GUEST_TRIAL);
    expect(JSON.stringify(UI_TEXTS.landing)).not.toMatch(GUEST_TRIAL);
  });

  it('the README keeps the guest rule for the API only', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    expect(readme).not.toMatch(GUEST_TRIAL);
    expect(readme).toMatch(/the API \(not the website\)/);
  });
});

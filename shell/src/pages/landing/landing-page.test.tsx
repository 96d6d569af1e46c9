import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const visitor = () => ({ backend: createFakeBackend({ session: null }) });

describe('landing page', () => {
  it("shows the product's version in the footer: the root package.json's", async () => {
    // vitest runs from the repository's root (the happy-dom environment gives modules no file: URL).
    const { version } = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    renderApp('/', visitor());
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`Version ${version}`)).toBeTruthy();
  });

  it('has the hero claims and every call to action leads to sign-up', async () => {
    renderApp('/', visitor());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your AI Creative Toolbox' })).toBeTruthy();
    expect(screen.getByText(/Trusted by 10,000\+ creators/)).toBeTruthy();
    expect(screen.getByText(/50 free credits, no credit card required/)).toBeTruthy();
    const ctas = [
      ...screen.getAllByRole('link', { name: /Get Started Free/ }),
      screen.getByRole('link', { name: /Start Creating Now/ }),
      ...screen.getAllByRole('link', { name: /^Get Started with/ }),
    ];
    expect(ctas).toHaveLength(7);
    for (const link of ctas) expect(link.getAttribute('href')).toBe('/auth?signup=true');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('links Features, Pricing and the footer pages', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('#pricing');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/#features',
      '/#pricing',
      '/contact-us',
      '/privacy-policy',
      '/terms-of-service',
      '/refund-policy',
    ]);
  });

  it('lists each category with its tools and the three value points', async () => {
    renderApp('/');
    const features = (
      await screen.findByRole('heading', { name: 'Everything you need to create with AI' })
    ).closest('section')!;
    for (const category of ['AI Prompt', 'Ask AI', 'Create with AI', 'AI Voice', 'Other Tools']) {
      expect(within(features).getByRole('heading', { level: 3, name: category })).toBeTruthy();
    }
    expect(features.textContent).toContain('Magic Enhance');
    expect(features.textContent).toContain('YouTube Thumbnail Downloader');
    for (const value of ['Lightning Fast', 'Creator Friendly', 'Secure & Private']) {
      expect(within(features).getByRole('heading', { name: value })).toBeTruthy();
    }
  });

  it('shows monthly prices, then yearly ones with the savings', async () => {
    renderApp('/');
    await screen.findByTestId('price-free');
    expect(screen.getByTestId('price-free').textContent).toBe('$0/month');
    expect(screen.getByTestId('price-pro').textContent).toBe('$9/month');
    expect(screen.getByTestId('price-premium').textContent).toBe('$25/month');
    expect(screen.getByTestId('price-ultimate').textContent).toBe('$75/month');
    expect(screen.getByText('Most Popular').closest('article')?.textContent).toContain('Premium');
    expect(screen.getByRole('radio', { name: /Yearly/ }).textContent).toContain('Save 1 month');

    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByTestId('price-pro').textContent).toBe('$99/year');
    expect(screen.getByTestId('price-premium').textContent).toBe('$275/year');
    expect(screen.getByTestId('price-ultimate').textContent).toBe('$825/year');
    expect(screen.getByText('Save $9 per year')).toBeTruthy();
    expect(screen.getByText('Save $25 per year')).toBeTruthy();
    expect(screen.getByText('Save $75 per year')).toBeTruthy();
    expect(screen.getByText('1,500 credits per month')).toBeTruthy();
  });

  it('sets the home title, description, canonical link and social tags', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('AI Creative Toolbox: AI Prompts, Chat, Images and Voice in One Place');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      '50 free credits',
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/$/);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
    expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary');
  });
});

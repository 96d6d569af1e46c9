import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

describe('dashboard', () => {
  it('shows the header, welcome card, credit panel and tools grouped by category', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeTruthy();
    expect(screen.getByText('maya@example.com')).toBeTruthy();
    expect(screen.getByText(/Member since January 5, 2025/)).toBeTruthy();
    expect(screen.getByTestId('credit-balance').textContent).toBe('50 credits');
    expect(document.querySelector('.sh-plan-badge')?.textContent).toBe('Free');
    expect(screen.getByRole('link', { name: /Account/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sign Out/ })).toBeTruthy();
    for (const category of ['AI Prompt', 'Ask AI', 'Create with AI', 'AI Voice', 'Other Tools']) {
      expect(screen.getByRole('heading', { level: 2, name: category })).toBeTruthy();
    }
    const panel = screen.getByRole('region', { name: 'Credit Information' });
    expect(panel.textContent).toContain('50 credits');
    expect(panel.textContent).toContain('Free');
    expect(panel.textContent).toContain('January 5, 2025');
  });

  it('hides the photo effects reached through the image hub', async () => {
    renderApp('/dashboard');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Create with AI' })).closest(
      'section',
    )!;
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toContain('Image to Image');
    expect(names).toContain('Text to Image');
    for (const hidden of ['Background Change', 'Baby Version', 'Cartoonify', 'Age Progression']) {
      expect(names).not.toContain(hidden);
    }
    expect(screen.queryByTestId('tool-card-background-change')).toBeNull();
  });

  it('labels each card by balance: Use Tool, Insufficient Credits, Free always usable', async () => {
    renderApp('/dashboard', { backend: createFakeBackend({ me: makeMe({ credits: 4 }) }) });
    const magic = await screen.findByTestId('tool-card-magic-enhance');
    expect(within(magic).getByRole('button').textContent).toBe('Use Tool');
    const textToImage = screen.getByTestId('tool-card-text-to-image');
    expect(within(textToImage).getByRole('button').textContent).toBe('Insufficient Credits');
    expect((within(textToImage).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    const hub = screen.getByTestId('tool-card-image-to-image');
    expect(within(hub).getByRole('button').textContent).toBe('Use Tool');
    expect(hub.textContent).toContain('Free');
  });

  it("shows 'Processing...' on the opened card, then navigates to /tools/{id}", async () => {
    let release: () => void = () => undefined;
    const loadToolPages = vi.fn(
      () => new Promise<Record<string, never>>((resolve) => (release = () => resolve({}))),
    );
    const app = renderApp('/dashboard', { loadToolPages });
    const card = await screen.findByTestId('tool-card-magic-enhance');
    fireEvent.click(within(card).getByRole('button'));
    expect(within(card).getByRole('button').textContent).toBe('Processing...');
    expect(loadToolPages).toHaveBeenCalledWith('prompt');
    await act(async () => release());
    await waitFor(() => expect(app.location()).toBe('/tools/magic-enhance'));
  });

  it('signs out to the landing page', async () => {
    const app = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /Sign Out/ }));
    await screen.findByRole('heading', { level: 1, name: 'Your AI Creative Toolbox' });
    expect(app.location()).toBe('/');
    expect(app.backend.requests.some((r) => r.url.endsWith('/api/identity/logout'))).toBe(true);
    expect(app.services.auth.getState().status).toBe('unauthenticated');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { createFakeBackend, renderApp } from '../test-support/render-app';

describe('skip link and page changes', () => {
  it('puts Skip to content first in the tab order, moving focus into the main region', async () => {
    renderApp('/privacy-policy', { backend: createFakeBackend({ session: null }) });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const skip = screen.getByRole('link', { name: UI_TEXTS.common.skipToContent });
    const focusable = document.body.querySelectorAll(
      'a[href], button, input, select, textarea, [tabindex="0"]',
    );
    expect(focusable[0]).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('leaves focus alone on the first load', async () => {
    renderApp('/privacy-policy', { backend: createFakeBackend({ session: null }) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(document.activeElement).not.toBe(heading);
    expect(document.querySelector('.act-sr-only[aria-live="polite"]')?.textContent).toBe('');
  });

  it('moves focus to the new page heading and announces its title once after navigation', async () => {
    renderApp('/privacy-policy', { backend: createFakeBackend({ session: null }) });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    fireEvent.click(screen.getByRole('link', { name: /Back to Home/ }));
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(heading.closest('main')).toBeTruthy();
    const regions = document.querySelectorAll('.act-sr-only[aria-live="polite"]');
    const said = [...regions].map((region) => region.textContent).filter(Boolean);
    expect(said).toEqual([document.title]);
    expect(document.title).not.toContain('Privacy Policy');
  });
});

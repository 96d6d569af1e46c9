import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CREDIT_CONTROLS_TEXTS } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../test-support/render-app';

describe('usage notices on the dashboard', () => {
  it('shows the 80% notice and dismisses it for good', async () => {
    const backend = createFakeBackend();
    let dismissed = false;
    backend.on('GET /api/credits/notices', () =>
      json({
        success: true,
        notices: dismissed
          ? []
          : [
              {
                id: '7',
                threshold: 80,
                text: CREDIT_CONTROLS_TEXTS.notice[80],
                at: '2025-01-20T10:00:00.000Z',
              },
            ],
      }),
    );
    backend.on('POST /api/credits/notices/7/dismiss', () => {
      dismissed = true;
      return json({ success: true });
    });
    renderApp('/dashboard', { backend });
    const notice = await screen.findByText(CREDIT_CONTROLS_TEXTS.notice[80]);
    fireEvent.click(screen.getByRole('button', { name: CREDIT_CONTROLS_TEXTS.notice.dismiss }));
    await waitFor(() => expect(screen.queryByText(CREDIT_CONTROLS_TEXTS.notice[80])).toBeNull());
    expect(notice.isConnected).toBe(false);
    expect(backend.requests.some((r) => r.url === '/api/credits/notices/7/dismiss')).toBe(true);
  });

  it('shows nothing when there is no notice', async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/credits/notices', () => json({ success: true, notices: [] }));
    renderApp('/dashboard', { backend });
    await waitFor(() => expect(backend.requests.some((r) => r.url === '/api/credits/notices')).toBe(true));
    expect(screen.queryByRole('button', { name: CREDIT_CONTROLS_TEXTS.notice.dismiss })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const T = UI_TEXTS.share;
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV6';

function robots(): string | null {
  return document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
}

describe('a shared chat', () => {
  it('shows the snapshot to a signed-out visitor, read-only and not for search engines', async () => {
    const backend = createFakeBackend({ session: null });
    backend.on(`GET /api/chat/shared/${TOKEN}`, () =>
      json({
        success: true,
        title: 'Kilobytes and kibibytes',
        createdAt: '2025-03-04T10:00:00Z',
        messages: [
          {
            role: 'user',
            content: 'Which is larger?',
            attachments: [
              {
                kind: 'image',
                url: `/api/chat/shared/${TOKEN}/files/0`,
                contentType: 'image/png',
                name: 'chart.png',
                size: 120,
              },
            ],
          },
          { role: 'assistant', content: 'A **kibibyte** is larger.', model: 'openai/gpt-4o-mini' },
        ],
      }),
    );
    renderApp(`/share/${TOKEN}`, { backend });

    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent).toBe(
      'Kilobytes and kibibytes',
    );
    const messages = screen.getAllByTestId('shared-message');
    expect(messages).toHaveLength(2);
    expect(messages[0]!.textContent).toContain('Which is larger?');
    expect(within(messages[0]!).getByRole('img').getAttribute('src')).toBe(
      `/api/chat/shared/${TOKEN}/files/0`,
    );
    expect(within(messages[1]!).getByText('GPT-4o Mini')).toBeTruthy();
    expect(within(messages[1]!).getByText('kibibyte').tagName).toBe('STRONG');
    expect(screen.getByText(T.sharedOn('March 4, 2025'))).toBeTruthy();
    // Nothing to type into or send: the page only reads.
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(robots()).toBe('noindex'));
  });

  it('says Not found for a revoked, expired or unknown link', async () => {
    const backend = createFakeBackend({ session: null });
    backend.on(`GET /api/chat/shared/${TOKEN}`, () =>
      json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    renderApp(`/share/${TOKEN}`, { backend });
    const missing = await screen.findByTestId('shared-not-found', {}, { timeout: 10_000 });
    expect(within(missing).getByRole('heading', { level: 1 }).textContent).toBe(T.notFoundTitle);
    expect(missing.textContent).toContain(T.notFoundBody);
    expect(robots()).toBe('noindex');
  });
});

describe('the account’s shared chats', () => {
  it('lists the member’s links and revokes one after the confirmation', async () => {
    const backend = createFakeBackend();
    const share = {
      id: '11111111-2222-4333-8444-555555555555',
      token: TOKEN,
      url: `/share/${TOKEN}`,
      title: 'Kilobytes and kibibytes',
      createdAt: '2025-03-04T10:00:00Z',
      expiresAt: null,
    };
    const expired = {
      ...share,
      id: '21111111-2222-4333-8444-555555555555',
      title: 'Old one',
      expiresAt: '2025-01-01T00:00:00Z',
    };
    backend.on('GET /api/chat/shares', () =>
      json({ success: true, shares: [share, expired], nextCursor: null }),
    );
    backend.on(`DELETE /api/chat/shares/${share.id}`, () => json({ success: true }));
    renderApp('/dashboard?view=account', { backend });

    const section = (await screen.findByRole('heading', { name: T.listTitle }, { timeout: 10_000 })).closest(
      'section',
    )!;
    await waitFor(() => expect(within(section).getAllByTestId('shared-chat-row')).toHaveLength(2));
    const [first, second] = within(section).getAllByTestId('shared-chat-row');
    expect(first!.textContent).toContain(T.never);
    expect(second!.textContent).toContain(T.expired);
    expect(within(first!).getByRole('link').getAttribute('href')).toBe(`/share/${TOKEN}`);

    fireEvent.click(within(first!).getByRole('button', { name: T.revokeLabel(share.title) }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(T.revokeDescription);
    fireEvent.click(within(confirm).getByRole('button', { name: T.revoke }));
    await waitFor(() => expect(within(section).getAllByTestId('shared-chat-row')).toHaveLength(1));
    expect(backend.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/chat/shares/${share.id}`,
    ]);
  });
});

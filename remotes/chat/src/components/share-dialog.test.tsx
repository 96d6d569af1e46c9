import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { makeSession, sessionsPage } from '../test-support/chat-host';
import { renderChatPage } from '../test-support/chat-page';
import { ReasoningPage } from '../pages/reasoning-page';

afterEach(cleanup);

const T = UI_TEXTS.share;

describe('Share a chat', () => {
  it('makes a link with the chosen expiry from the session list and shows it to copy', async () => {
    const session = makeSession({ title: 'Kibibytes explained' });
    const test = renderChatPage(ReasoningPage, {
      toolId: 'chat-reasoning',
      sessionsPath: '/api/chat/chat-reasoning/sessions',
      sendPath: '/api/chat/chat-reasoning/send-message',
      sessions: sessionsPage([session]),
    });
    test.on(`POST /api/chat/sessions/${session.id}/shares`, () =>
      json({
        success: true,
        share: {
          id: '11111111-2222-4333-8444-555555555555',
          token: 'abcDEF123_-abcDEF123_-abcDEF12',
          url: '/share/abcDEF123_-abcDEF123_-abcDEF12',
          title: session.title,
          createdAt: '2025-01-02T10:00:00Z',
          expiresAt: '2025-01-09T10:00:00Z',
        },
      }),
    );

    await test.user.click(await screen.findByRole('button', { name: T.shareLabel('Kibibytes explained') }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(within(dialog).getByText(T.dialogDescription)).toBeTruthy();
    await test.user.click(within(dialog).getByRole('radio', { name: T.expiryOptions[7] }));
    await test.user.click(within(dialog).getByRole('button', { name: T.create }));

    const link = (await within(dialog).findByLabelText(T.linkLabel)) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/share/abcDEF123_-abcDEF123_-abcDEF12`);
    expect(test.requestsTo('POST', `/api/chat/sessions/${session.id}/shares`).map((r) => r.body)).toEqual([
      { expiresInDays: 7 },
    ]);
    await test.user.click(within(dialog).getByRole('button', { name: T.copy }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.copied })).toBeTruthy());
  });

  it('says so when the link could not be made', async () => {
    const session = makeSession({ title: 'Gone' });
    const test = renderChatPage(ReasoningPage, {
      toolId: 'chat-reasoning',
      sessionsPath: '/api/chat/chat-reasoning/sessions',
      sendPath: '/api/chat/chat-reasoning/send-message',
      sessions: sessionsPage([session]),
    });
    test.on(`POST /api/chat/sessions/${session.id}/shares`, () =>
      json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    await test.user.click(await screen.findByRole('button', { name: T.shareLabel('Gone') }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    await test.user.click(within(dialog).getByRole('button', { name: T.create }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Not found');
    expect(test.requestsTo('POST', `/api/chat/sessions/${session.id}/shares`)[0]!.body).toEqual({
      expiresInDays: null,
    });
  });
});

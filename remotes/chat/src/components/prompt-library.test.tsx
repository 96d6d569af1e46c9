// Saving and managing prompts from a chat screen (docs/product-rules.md#prompt-library): "Save as prompt" on a sent
// message opens a small dialog with its title prefilled and saves it; "My prompts" lists them to edit and delete.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PROMPT_TEXTS, type ChatPrompt } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { ReasoningPage } from '../pages/reasoning-page';

afterEach(cleanup);

const T = CHAT_PROMPT_TEXTS;
const PROMPTS = '/api/chat/prompts';
const SAVED: ChatPrompt = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Explain simply',
  body: 'Explain {{topic}} to a child',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function setup() {
  return renderChatPage(ReasoningPage, {
    toolId: 'chat-reasoning',
    sessionsPath: '/api/chat/chat-reasoning/sessions',
    sendPath: '/api/chat/chat-reasoning/send-message',
  });
}

describe('the prompt library of a chat screen', () => {
  it('saves a sent message as a prompt, its title prefilled', async () => {
    const test = setup();
    test.on(`POST ${PROMPTS}`, () => json({ success: true, prompt: SAVED }, 201));
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Explain {{{{topic}} to a child{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Sure.' },
      { type: 'done', status: 'completed', remainingCredits: 44 },
    );
    stream.close();
    await test.user.click(await screen.findByRole('button', { name: T.saveAsPrompt }));
    const dialog = await screen.findByRole('dialog', { name: T.saveTitle });
    const title = within(dialog).getByLabelText(T.titleLabel) as HTMLInputElement;
    expect(title.value).toBe('Explain {{topic}} to a child');
    await test.user.clear(title);
    await test.user.type(title, 'Explain simply');
    await test.user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(test.requestsTo('POST', PROMPTS).map((request) => request.body)).toEqual([
      { title: 'Explain simply', body: 'Explain {{topic}} to a child' },
    ]);
  });

  it('lists the member’s prompts under My prompts and deletes one', async () => {
    const test = setup();
    test.on(`GET ${PROMPTS}`, () => json({ success: true, prompts: [SAVED] }));
    test.on(`DELETE ${PROMPTS}/${SAVED.id}`, () => json({ success: true }));
    await test.user.click(await screen.findByRole('button', { name: T.manage }));
    const dialog = await screen.findByRole('dialog', { name: T.manageTitle });
    expect(await within(dialog).findByText('Explain simply')).toBeTruthy();
    await test.user.click(within(dialog).getByRole('button', { name: T.remove('Explain simply') }));
    await waitFor(() => expect(within(dialog).queryByText('Explain simply')).toBeNull());
    expect(within(dialog).getByText(T.empty)).toBeTruthy();
    expect(test.requestsTo('DELETE', `${PROMPTS}/${SAVED.id}`)).toHaveLength(1);
  });
});

// The `/` menu of the message box (docs/product-rules.md#prompt-library): `/` at the start or after a space lists the
// member's saved prompts filtered as they type; arrows and Enter insert one in place of the `/query` with its first
// placeholder selected (Tab: the next), Escape closes it, and nothing of it happens without a `/`.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PROMPT_TEXTS, type ChatPrompt } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { renderChatPage } from '../test-support/chat-page';
import { ReasoningPage } from '../pages/reasoning-page';

afterEach(cleanup);

const SEND = '/api/chat/chat-reasoning/send-message';
const PROMPTS = '/api/chat/prompts';

const prompt = (title: string, body: string, n: number): ChatPrompt => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title,
  body,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const SAVED = [
  prompt('Explain simply', 'Explain {{topic}} to a child', 1),
  prompt('Review code', 'Review this {{language}} code for bugs:\n{{code}}', 2),
  prompt('Translate', 'Translate into {{language}}: {{text}}', 3),
];

function setup() {
  const test = renderChatPage(ReasoningPage, {
    toolId: 'chat-reasoning',
    sessionsPath: '/api/chat/chat-reasoning/sessions',
    sendPath: SEND,
  });
  test.on(`GET ${PROMPTS}`, () => json({ success: true, prompts: SAVED }));
  return test;
}

const menu = () => screen.queryByRole('listbox', { name: CHAT_PROMPT_TEXTS.menuLabel });
const titles = () =>
  within(menu()!)
    .getAllByRole('option')
    .map((option) => option.querySelector('.ch-prompt-menu__title')?.textContent);

describe('the / menu of saved prompts', () => {
  it('filters as the member types and Enter inserts the body with its first placeholder selected', async () => {
    const test = setup();
    const box = test.input();
    await test.user.type(box, 'Please /');
    await waitFor(() => expect(titles()).toEqual(['Explain simply', 'Review code', 'Translate']));
    await test.user.type(box, 'rev');
    expect(titles()).toEqual(['Review code']);
    expect(box.getAttribute('aria-activedescendant')).toBe(within(menu()!).getByRole('option').id);

    await test.user.keyboard('{Enter}');
    expect(menu()).toBeNull();
    expect(box.value).toBe('Please Review this {{language}} code for bugs:\n{{code}}');
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('{{language}}');
    await test.user.keyboard('{Tab}');
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('{{code}}');
    expect(test.requestsTo('POST', SEND)).toEqual([]);
  });

  it('moves with the arrow keys and finds a prompt by its body too', async () => {
    const test = setup();
    const box = test.input();
    await test.user.type(box, '/lang');
    await waitFor(() => expect(titles()).toEqual(['Review code', 'Translate']));
    await test.user.keyboard('{ArrowDown}');
    expect(within(menu()!).getByRole('option', { selected: true }).textContent).toContain('Translate');
    await test.user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box.value).toBe('Translate into {{language}}: {{text}}');
  });

  it('Escape closes the menu and leaves the text as typed', async () => {
    const test = setup();
    const box = test.input();
    await test.user.type(box, '/exp');
    await waitFor(() => expect(menu()).not.toBeNull());
    await test.user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(box.value).toBe('/exp');
    expect(test.requestsTo('POST', SEND)).toEqual([]);
  });

  it('does nothing without a / at the start or after a space: Enter sends the text as it is', async () => {
    const test = setup();
    const box = test.input();
    const stream = test.nextReply();
    await test.user.type(box, 'and/or 1/2');
    expect(menu()).toBeNull();
    expect(test.requestsTo('GET', PROMPTS)).toEqual([]);
    await test.user.keyboard('{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({ prompt: 'and/or 1/2' });
    stream.close();
  });
});

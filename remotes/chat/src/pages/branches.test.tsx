// Edit and branch on a chat screen (Chat Reasoning; docs/architecture.md#chat-replies): a message with versions
// shows "‹ 2/2 ›" whose buttons flip to the other branch (kept by the service, read back); Edit opens the message in
// place with Save & send saying the price, sends an edit of it, and Escape cancels; Regenerate names the question
// it answers again and says its price before it is sent.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_TEXTS, type ChatMessage } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { ReasoningPage } from './reasoning-page';

const T = UI_TEXTS.chat;

afterEach(cleanup);

const SEND = '/api/chat/chat-reasoning/send-message';
const MESSAGES = '/api/chat/chat-reasoning/messages';
const SHOW = '/api/chat/show-version';
const MODEL = 'perplexity/sonar-reasoning';

const Q1 = '20000000-0000-4000-8000-000000000001';
const Q2 = '20000000-0000-4000-8000-000000000002';
const Q2B = '20000000-0000-4000-8000-000000000003';

const first = [
  makeMessage({ id: Q1, role: 'user', content: 'First question' }),
  makeMessage({ content: 'First answer', model_name: MODEL, reply_id: REPLY_ID, credits: 6 }),
];

/** The session with its second question in two versions, the one shown being `which`. */
function branch(which: 1 | 2): ChatMessage[] {
  const versions =
    which === 1
      ? { index: 1, count: 2, previous: null, next: Q2B }
      : { index: 2, count: 2, previous: Q2, next: null };
  return [
    ...first,
    makeMessage({
      id: which === 1 ? Q2 : Q2B,
      role: 'user',
      content: which === 1 ? 'Old wording' : 'New wording',
      versions,
    }),
    makeMessage({
      content: which === 1 ? 'Answer to the old wording' : 'Answer to the new wording',
      model_name: MODEL,
      reply_id: REPLY_ID,
      credits: 6,
    }),
  ];
}

function open() {
  return renderChatPage(ReasoningPage, {
    address: `/tools/chat-reasoning?session=${SESSION_ID}`,
    toolId: 'chat-reasoning',
    sessionsPath: '/api/chat/chat-reasoning/sessions',
    sendPath: SEND,
  });
}

describe('Edit and branch', () => {
  it('flips between the versions of a message with ‹ 2/2 ›, the service keeping the choice', async () => {
    let shown: 1 | 2 = 2;
    const test = open();
    test.on(`GET ${MESSAGES}`, () => json({ success: true, messages: branch(shown) }));
    test.on(`POST ${SHOW}`, (request) => {
      shown = (request.body as { messageId: string }).messageId === Q2 ? 1 : 2;
      return json({ success: true });
    });
    expect(await screen.findByText('Answer to the new wording')).toBeTruthy();
    const versions = screen.getByRole('group', { name: 'Versions' });
    expect(versions.textContent).toContain('2/2');
    const next = within(versions).getByRole('button', { name: T.nextVersion }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    await test.user.click(within(versions).getByRole('button', { name: T.previousVersion }));
    expect(await screen.findByText('Answer to the old wording')).toBeTruthy();
    expect(screen.queryByText('Answer to the new wording')).toBeNull();
    expect(test.requestsTo('POST', SHOW)[0]!.body).toEqual({ messageId: Q2 });
    const flipped = screen.getByRole('group', { name: 'Versions' });
    expect(flipped.textContent).toContain('1/2');

    // Keyboard: the next version is one Tab and Enter away.
    const forward = within(flipped).getByRole('button', { name: T.nextVersion });
    forward.focus();
    await test.user.keyboard('{Enter}');
    expect(await screen.findByText('Answer to the new wording')).toBeTruthy();
    expect(test.requestsTo('POST', SHOW)[1]!.body).toEqual({ messageId: Q2B });
  });

  it('edits a message in place: Save & send says the price and sends an edit; Escape cancels', async () => {
    let reads = 0;
    const test = open();
    test.on(`GET ${MESSAGES}`, () => {
      reads++;
      return json({
        success: true,
        messages: reads === 1 ? branch(1).map(({ versions: _v, ...m }) => m) : branch(2),
      });
    });
    expect(await screen.findByText('Answer to the old wording')).toBeTruthy();
    const edits = screen.getAllByRole('button', { name: T.edit });
    expect(edits).toHaveLength(2);

    // Escape leaves the message as it was.
    await test.user.click(edits[1]!);
    const box = screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Old wording');
    expect(document.activeElement).toBe(box);
    await test.user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
    expect(screen.getByText('Old wording')).toBeTruthy();

    const stream = test.nextReply();
    await test.user.click(screen.getAllByRole('button', { name: T.edit })[1]!);
    const area = screen.getByRole('textbox', { name: 'Edit your message' });
    await test.user.clear(area);
    await test.user.type(area, 'New wording');
    await test.user.click(screen.getByRole('button', { name: T.saveAndSend(6) }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({
      sessionId: SESSION_ID,
      prompt: 'New wording',
      editOf: Q2,
    });
    // The edited message and its answer give way to the new version at once.
    expect(screen.queryByText('Answer to the old wording')).toBeNull();
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, userMessageId: Q2B },
      { type: 'delta', text: 'Answer to the new wording' },
      { type: 'done', status: 'completed', remainingCredits: 38 },
    );
    await act(async () => stream.close());
    // Read back with its place among the versions.
    expect((await screen.findByRole('group', { name: 'Versions' })).textContent).toContain('2/2');
    expect(test.onCreditsChange).toHaveBeenCalledWith(38);
  });

  it('Regenerate answers the stored question again and says its price first', async () => {
    const test = open();
    test.on(`GET ${MESSAGES}`, () => json({ success: true, messages: first }));
    expect(await screen.findByText('First answer')).toBeTruthy();
    const regenerate = screen.getByRole('button', { name: T.regenerate });
    expect(regenerate.getAttribute('title')).toBe(T.regenerateCost(6));
    const stream = test.nextReply();
    await test.user.click(regenerate);
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({
      sessionId: SESSION_ID,
      prompt: 'First question',
      regenerateOf: Q1,
    });
    // The question stays; only its answer is written again.
    expect(screen.getAllByText('First question')).toHaveLength(1);
    expect(screen.queryByText('First answer')).toBeNull();
    stream.close();
  });
});

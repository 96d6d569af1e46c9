// Cost where the member sees it (issue 25): each answer says what it cost ("2 credits", or "Free" when it was not
// charged), from the stored messages or, for a reply written on this page, from its price and how it ended; the
// session list names the chat agent's model and the web chat's site.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, PLAYGROUND_MODELS, UI_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { AgentPage } from './agent-page';
import { PlaygroundPage } from './playground-page';
import { WebChatPage } from './web-chat-page';

afterEach(cleanup);

const T = UI_TEXTS.chat;
const MODEL = 'anthropic/claude-sonnet-4';

function agent() {
  return renderChatPage(AgentPage, {
    toolId: 'chat-agent',
    sessionsPath: '/api/chat/chat-agent/sessions',
    sendPath: '/api/chat/chat-agent/send-message',
    sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Two answers', model_id: MODEL })]),
  });
}

describe('what each answer cost', () => {
  it('shows the stored cost of each answer, Free for one that was not charged, and the model in the list', async () => {
    const test = agent();
    test.on('GET /api/chat/chat-agent/messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'First' }),
          makeMessage({ content: 'Answered.', model_name: MODEL, status: 'completed', credits: 7 }),
          makeMessage({ role: 'user', content: 'Second' }),
          makeMessage({ content: '', model_name: MODEL, status: 'failed', error: 'Failed.', credits: 0 }),
        ],
      }),
    );
    const entry = await screen.findByRole('button', { name: /^Two answers/ });
    expect(within(entry).getByTestId('chat-session-meta').textContent).toBe('Claude 4 Sonnet');
    await test.user.click(entry);
    await screen.findByText('Answered.');
    expect(screen.getAllByTestId('reply-cost').map((cost) => cost.textContent)).toEqual([
      '7 credits',
      'Free',
    ]);
  });

  it('shows the price of a reply written here once it completed, and Free for one that failed', async () => {
    const test = renderChatPage(AgentPage, {
      toolId: 'chat-agent',
      sessionsPath: '/api/chat/chat-agent/sessions',
      sendPath: '/api/chat/chat-agent/send-message',
    });
    await test.user.click(await screen.findByRole('button', { name: /^GPT-4o Mini/ }));
    let stream = test.nextReply();
    await test.user.type(test.input(), 'Hello{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Hi there.' },
    );
    // Nothing is said while it is being written.
    expect(screen.queryByTestId('reply-cost')).toBeNull();
    await emit(stream, { type: 'done', status: 'completed', remainingCredits: 48 });
    stream.close();
    await waitFor(() => expect(screen.getByTestId('reply-cost').textContent).toBe('2 credits'));

    stream = test.nextReply();
    await test.user.type(test.input(), 'Again{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: '4c2b1a09-8f7e-4d6c-9b5a-0f1e2d3c4b5a' },
      { type: 'delta', text: 'Half' },
      { type: 'error', error: ERROR_TEXTS.chat.sendMessage, code: 'PROVIDER_FAILED', remainingCredits: 48 },
    );
    stream.close();
    await waitFor(() =>
      expect(screen.getAllByTestId('reply-cost').map((cost) => cost.textContent)).toEqual([
        '2 credits',
        'Free',
      ]),
    );
  });

  it("says a playground message's price covers all four models", async () => {
    const test = renderChatPage(PlaygroundPage, {
      toolId: 'ai-chat-playground',
      sessionsPath: '/api/chat/sessions',
      sendPath: '/api/chat/send-message',
      sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Four' })]),
    });
    test.on('GET /api/chat/messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Hi' }),
          ...PLAYGROUND_MODELS.map((model) =>
            makeMessage({ content: 'One.', model_name: model, status: 'completed', credits: 5 }),
          ),
        ],
      }),
    );
    await test.user.click(await screen.findByRole('button', { name: /^Four/ }));
    await waitFor(() => expect(screen.getAllByText('One.')).toHaveLength(4));
    expect(screen.getAllByTestId('reply-cost').map((cost) => cost.textContent)).toEqual(
      PLAYGROUND_MODELS.map(() => T.playgroundTurnCost(5)),
    );
  });

  it('names the site of each web chat in the list', async () => {
    renderChatPage(WebChatPage, {
      toolId: 'ai-web-chat',
      sessionsPath: '/api/chat/ai-web-chat-sessions',
      sendPath: '/api/chat/ai-web-chat',
      sessions: sessionsPage([makeSession({ title: 'Tides', url: 'https://en.wikipedia.org/wiki/Tide' })]),
    });
    const entry = await screen.findByRole('button', { name: /^Tides/ });
    expect(within(entry).getByTestId('chat-session-meta').textContent).toBe('en.wikipedia.org');
  });
});

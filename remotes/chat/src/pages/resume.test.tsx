// Picking up where the member left (docs/product-rules.md#resume): the open session is in the address, a page loaded
// with `?session=<id>` opens it, and a reply still being written there is followed by its id, live, to its end.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatFollowEvent } from '@act/contracts';
import { fakeEventStream, json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { renderChatPage } from '../test-support/chat-page';
import { AgentPage } from './agent-page';
import { ReasoningPage } from './reasoning-page';
import { WebChatPage } from './web-chat-page';

const AGENT_MESSAGES = '/api/chat/chat-agent/messages';
const FOLLOW = `/api/chat/replies/${REPLY_ID}`;
const MODEL = 'anthropic/claude-sonnet-4';

afterEach(cleanup);

function agent(messages: () => Response, address = '/tools/chat-agent') {
  const test = renderChatPage(AgentPage, {
    address,
    toolId: 'chat-agent',
    sessionsPath: '/api/chat/chat-agent/sessions',
    sendPath: '/api/chat/chat-agent/send-message',
    sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Long answer', model_id: MODEL })]),
  });
  test.on(`GET ${AGENT_MESSAGES}`, messages);
  return test;
}

const question = makeMessage({ role: 'user', content: 'Tell me a long story' });
const growing = (content: string, status: 'streaming' | 'completed' = 'streaming') =>
  makeMessage({ content, model_name: MODEL, status, reply_id: REPLY_ID });

function replyText(): string {
  return screen.getByTestId('chat-reply').textContent ?? '';
}

describe('Resume', () => {
  it('opens the session the address names and follows its running reply live to the final text', async () => {
    const follow = fakeEventStream<ChatFollowEvent>();
    const test = agent(
      () => json({ success: true, messages: [question, growing('Once upon')] }),
      `/tools/chat-agent?session=${SESSION_ID}`,
    );
    test.on(`GET ${FOLLOW}`, () => follow.response);

    expect(await screen.findByText(/Once upon/)).toBeTruthy();
    await waitFor(() => expect(test.requestsTo('GET', FOLLOW)).toHaveLength(1));
    // The follower sends the whole text so far, which replaces what was shown, then the rest as it arrives.
    follow.send({ type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    follow.send({ type: 'delta', text: 'Once upon a time' });
    await waitFor(() => expect(replyText()).toContain('Once upon a time'));
    expect(screen.getByTestId('chat-reply').getAttribute('data-status')).toBe('streaming');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    follow.send({ type: 'delta', text: ', the end.' });
    follow.send({ type: 'done', status: 'completed' });
    follow.close();
    await waitFor(() => expect(screen.getByTestId('chat-reply').getAttribute('data-status')).toBe('done'));
    // The answer is drawn a moment after it arrives (a deferred value).
    await waitFor(() => expect(replyText()).toContain('Once upon a time, the end.'));
    expect(replyText()).not.toContain('Once uponOnce upon');
    // The follow carried no balance: the page read it again from credits.
    await waitFor(() => expect(test.requestsTo('GET', '/api/credits/me').length).toBeGreaterThan(0));
    // Only the session's messages were read (once): the reply came by following it, not by polling.
    expect(test.requestsTo('GET', AGENT_MESSAGES)).toHaveLength(1);
  });

  it('puts the opened session in the address, and New Chat takes it out', async () => {
    const test = agent(() => json({ success: true, messages: [question, growing('Done.', 'completed')] }));
    await test.user.click(await screen.findByRole('button', { name: /^Long answer/ }));
    await screen.findByText('Done.');
    expect(new URLSearchParams(window.location.search).get('session')).toBe(SESSION_ID);
    expect(window.location.pathname).toBe('/tools/chat-agent');
    // A finished reply is not followed.
    expect(test.requestsTo('GET', FOLLOW)).toHaveLength(0);
    await test.user.click(screen.getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('reads the session again when the reply cannot be followed by its id', async () => {
    let reads = 0;
    const test = renderChatPage(ReasoningPage, {
      address: `/tools/chat-reasoning?session=${SESSION_ID}`,
      toolId: 'chat-reasoning',
      sessionsPath: '/api/chat/chat-reasoning/sessions',
      sendPath: '/api/chat/chat-reasoning/send-message',
    });
    test.on('GET /api/chat/chat-reasoning/messages', () => {
      reads++;
      return json({
        success: true,
        messages: [
          question,
          makeMessage({
            content: reads === 1 ? 'Half' : 'Half and whole.',
            model_name: 'perplexity/sonar-reasoning',
            status: reads === 1 ? 'streaming' : 'completed',
            reply_id: REPLY_ID,
          }),
        ],
      });
    });
    test.on(`GET ${FOLLOW}`, () =>
      json({ success: false, error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }, 503),
    );
    expect(await screen.findByText('Half and whole.', {}, { timeout: 3_000 })).toBeTruthy();
    expect(test.requestsTo('GET', FOLLOW).length).toBeGreaterThan(0);
  });
});

describe('Resume a web chat', () => {
  it('opened by its address, shows the page it reads from its opening message', async () => {
    const test = renderChatPage(WebChatPage, {
      address: `/tools/ai-web-chat?session=${SESSION_ID}`,
      toolId: 'ai-web-chat',
      sessionsPath: '/api/chat/ai-web-chat-sessions',
      sendPath: '/api/chat/ai-web-chat',
    });
    test.on('GET /api/chat/ai-web-chat-messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'https://example.com/tides' }),
          makeMessage({ content: 'The page is about tides.', model_name: 'up/web', status: 'completed' }),
        ],
      }),
    );
    expect(await screen.findByText('The page is about tides.')).toBeTruthy();
    expect(screen.getByTestId('web-chat-page').textContent).toContain('example.com');
  });
});

// The library's way into a chat (docs/product-rules.md#library-open, #send-to): `?open=<id>` opens that session like
// `?session=`, a finished answer of a stored session has Send to (Text to Speech: the session as the item, that one
// answer named by its reply id), and a finished Deep Search report has Send to (Text to Speech, Chat Agent), and an id the member does not own shows the chat's own failure, never another member's messages.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS, getTool, LIBRARY_TEXTS, sendToPath } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { renderChatPage } from '../test-support/chat-page';
import { AgentPage } from './agent-page';
import { DeepSearchPage } from './deep-search-page';

const MESSAGES = '/api/chat/chat-agent/messages';
const MODEL = 'anthropic/claude-sonnet-4';

afterEach(cleanup);

function agent(messages: () => Response) {
  const test = renderChatPage(AgentPage, {
    address: `/tools/chat-agent?open=${SESSION_ID}`,
    toolId: 'chat-agent',
    sessionsPath: '/api/chat/chat-agent/sessions',
    sendPath: '/api/chat/chat-agent/send-message',
    sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Tides', model_id: MODEL })]),
  });
  test.on(`GET ${MESSAGES}`, messages);
  return test;
}

describe('A chat opened from the library', () => {
  it('opens the session ?open= names, then names it as ?session= in the address', async () => {
    const test = agent(() =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Why are there tides?' }),
          makeMessage({ content: 'The moon pulls the sea.', model_name: MODEL, status: 'completed' }),
        ],
      }),
    );
    expect(await screen.findByText('The moon pulls the sea.')).toBeTruthy();
    expect(test.requestsTo('GET', MESSAGES)[0]!.url).toContain(SESSION_ID);
    const address = new URLSearchParams(window.location.search);
    expect(address.get('session')).toBe(SESSION_ID);
    expect(address.has('open')).toBe(false);
  });

  it("sends the one answer it is under to Text to Speech: the session's item and that answer's reply id", async () => {
    const FIRST_REPLY = '20000000-0000-4000-8000-000000000001';
    const SECOND_REPLY = '20000000-0000-4000-8000-000000000002';
    const test = agent(() =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Why are there tides?' }),
          makeMessage({
            content: 'The moon pulls the sea.',
            model_name: MODEL,
            status: 'completed',
            reply_id: FIRST_REPLY,
          }),
          makeMessage({ role: 'user', content: 'And the sun?' }),
          makeMessage({
            content: 'The sun pulls too, less.',
            model_name: MODEL,
            status: 'completed',
            reply_id: SECOND_REPLY,
          }),
        ],
      }),
    );
    await screen.findByText('The sun pulls too, less.');
    const menus = screen.getAllByRole('button', { name: /Send .* to another tool/ });
    expect(menus).toHaveLength(2);
    await test.user.click(menus[1]!);
    await test.user.click(await screen.findByRole('menuitem', { name: getTool('text-to-speech').name }));
    expect(test.navigate).toHaveBeenCalledWith(
      sendToPath('text-to-speech', SESSION_ID, { message: SECOND_REPLY }),
    );
    expect(test.navigate.mock.calls[0]![0]).toBe(
      `/tools/text-to-speech?from=${SESSION_ID}&message=${SECOND_REPLY}`,
    );
  });

  it("shows the chat's failure for an id the member does not own, and no answer", async () => {
    agent(() => json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('chat-reply')).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(LIBRARY_TEXTS.sendTo) })).toBeNull();
  });
});

describe('A Deep Search report opened from the library', () => {
  it('opens the report ?open= names and sends it on to Text to Speech or the Chat Agent', async () => {
    const test = renderChatPage(DeepSearchPage, {
      address: `/tools/deep-search?open=${SESSION_ID}`,
      toolId: 'deep-search',
      sessionsPath: '/api/chat/deep-search-sessions',
      sendPath: '/api/chat/deep-search',
    });
    test.on('GET /api/chat/deep-search/status', () =>
      json({ success: true, available: true, search: true, llm: true }),
    );
    test.on('GET /api/chat/deep-search-messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Why are there tides?' }),
          makeMessage({ content: 'The Moon pulls the seas.', status: 'completed' }),
        ],
      }),
    );
    const report = await screen.findByRole('article', { name: DEEP_SEARCH_TEXTS.reportLabel });
    expect(within(report).getByText('The Moon pulls the seas.')).toBeTruthy();
    await test.user.click(within(report).getByRole('button', { name: new RegExp(LIBRARY_TEXTS.sendTo) }));
    const targets = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(targets).toEqual([getTool('text-to-speech').name, getTool('chat-agent').name]);
    await test.user.click(screen.getByRole('menuitem', { name: getTool('chat-agent').name }));
    expect(test.navigate).toHaveBeenCalledWith(sendToPath('chat-agent', SESSION_ID));
  });
});

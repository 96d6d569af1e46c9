import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  UI_TEXTS,
  WEB_CHAT_EXAMPLE_LINKS,
  deleteSessionConfirm,
  invalidWebsiteUrl,
} from '@act/contracts';
import { json, makeMe } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage, type ChatPageSetup } from '../test-support/chat-page';
import { WebChatPage } from './web-chat-page';

afterEach(cleanup);

const SEND = '/api/chat/ai-web-chat';
const SESSIONS = '/api/chat/ai-web-chat-sessions';
const MESSAGES = '/api/chat/ai-web-chat-messages';
const T = UI_TEXTS.chat;
const PAGE = 'https://docs.example.com/guide/setup';
const FRAGMENT = `${PAGE}#:~:text=Install%20the%20tool`;
const SECOND_REPLY = '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

function setup(options: Pick<ChatPageSetup, 'credits' | 'available' | 'user' | 'sessions'> = {}) {
  return renderChatPage(WebChatPage, {
    toolId: 'ai-web-chat',
    sessionsPath: SESSIONS,
    sendPath: SEND,
    ...options,
  });
}

type Test = ReturnType<typeof setup>;

const urlField = () => screen.getByLabelText('Website URL') as HTMLInputElement;
const startButton = () => screen.getByRole('button', { name: 'Start Chat (6 credits)' });

/** Starts a chat with PAGE and lets the opening answer stream in, citing the page. */
async function startChat(test: Test) {
  const stream = test.nextReply();
  await test.user.type(urlField(), PAGE);
  await test.user.click(startButton());
  await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
  await emit(
    stream,
    { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
    { type: 'delta', text: 'The guide explains setup [1].' },
    { type: 'sources', citations: [{ url: FRAGMENT, title: 'Setup guide', quote: 'Install the tool' }] },
    { type: 'done', status: 'completed', remainingCredits: 44 },
  );
  stream.close();
  await screen.findByRole('region', { name: 'Sources' });
}

describe('AI Web Chat: URL step', () => {
  it('shows the URL field, the example links, the 6-credit start and the 2-credit follow-up price', async () => {
    const test = setup();
    expect(urlField().placeholder).toBe('https://example.com');
    expect(startButton()).toBeTruthy();
    expect(screen.getByText('2 credits per question')).toBeTruthy();
    expect(screen.getByText(T.exampleLinks)).toBeTruthy();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    // An example link fills the field.
    await test.user.click(screen.getByRole('button', { name: 'en.wikipedia.org/wiki/Large_language_model' }));
    expect(urlField().value).toBe(WEB_CHAT_EXAMPLE_LINKS[0]);
    expect(screen.queryByPlaceholderText(/Type your message/)).toBeNull();
  });

  it('refuses what is not an http(s) URL with the spec text, sending nothing', async () => {
    const test = setup();
    for (const typed of ['not a url', 'ftp://files.example.com/a', 'javascript:alert(1)']) {
      await test.user.clear(urlField());
      await test.user.type(urlField(), typed);
      await test.user.click(startButton());
      expect((await screen.findByRole('alert')).textContent).toBe(invalidWebsiteUrl('https://example.com'));
    }
    expect(invalidWebsiteUrl('https://example.com')).toBe(
      'Please enter a valid website URL (e.g., https://example.com)',
    );
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('below 6 credits shows the spec text and cannot start', async () => {
    const test = setup({ credits: 5 });
    expect(
      await screen.findByText('Insufficient credits. 6 credits required to start a web chat.'),
    ).toBeTruthy();
    await test.user.type(urlField(), PAGE);
    expect(startButton().hasAttribute('disabled')).toBe(true);
    await test.user.type(urlField(), '{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('a page that cannot be read stays on the URL step with the server text, the address kept', async () => {
    const test = setup();
    test.on(`POST ${SEND}`, () =>
      json(
        {
          success: false,
          error: ERROR_TEXTS.chat.webPageBlocked,
          code: 'VALIDATION_FAILED',
          details: { field: 'url' },
        },
        400,
      ),
    );
    await test.user.type(urlField(), 'http://127.0.0.1/admin');
    await test.user.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.webPageBlocked);
    expect(urlField().value).toBe('http://127.0.0.1/admin');
    expect(screen.queryByPlaceholderText(/Type your message/)).toBeNull();
  });

  it('a start that fails without a server text says Failed to start web chat', async () => {
    const test = setup();
    test.on(`POST ${SEND}`, () => new Response('<html>bad gateway</html>', { status: 502 }));
    await test.user.type(urlField(), PAGE);
    await test.user.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to start web chat');
  });
});

describe('AI Web Chat: chat step', () => {
  it('starts with INITIAL_SETUP and the URL, then shows the page, the cited opening answer and the session', async () => {
    let started = false;
    const test = setup({
      sessions: () =>
        sessionsPage(started ? [makeSession({ id: SESSION_ID, title: 'Setup guide', url: PAGE })] : []),
    });
    const stream = test.nextReply();
    await test.user.type(urlField(), PAGE);
    await test.user.click(startButton());
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toEqual({
      prompt: 'INITIAL_SETUP',
      url: PAGE,
      toolName: 'ai-web-chat',
    });
    started = true;
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'The guide explains setup [1].' },
      { type: 'sources', citations: [{ url: FRAGMENT, title: 'Setup guide', quote: 'Install the tool' }] },
      { type: 'done', status: 'completed', remainingCredits: 44 },
    );
    stream.close();
    expect(test.onCreditsChange).toHaveBeenCalledWith(44);
    // The page it reads, as a link, above the chat and on the opening question.
    const header = screen.getByTestId('web-chat-page');
    expect(header.textContent).toContain(T.webChatPageLabel);
    expect(within(header).getByRole('link').getAttribute('href')).toBe(PAGE);
    // The numbered source opens the page at the cited passage.
    const marker = await screen.findByRole('link', { name: 'Source 1: Setup guide' });
    expect(marker.getAttribute('href')).toBe(FRAGMENT);
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(within(sources).getByRole('link').getAttribute('href')).toBe(FRAGMENT);
    expect(within(sources).getByText('Install the tool')).toBeTruthy();
    // The new session becomes active and the list is read again.
    const session = await screen.findByRole('button', { name: /^Setup guide/ });
    expect(session.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('next-message-cost').textContent).toBe('Next message: 2 credits');
  });

  it('while the page is being read, the chat shows it with a spinner; Esc stops the opening answer', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = test.nextReply();
    await test.user.type(urlField(), `${PAGE}{Enter}`);
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    // Before the service answers: the chat step with the page, the reply waiting, Stop instead of Send.
    expect(await screen.findByText(T.thinking)).toBeTruthy();
    // The page in the header and on the opening question.
    expect(screen.getAllByRole('link', { name: /docs\.example\.com\/guide\/setup/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'The guide' },
    );
    fireEvent.keyDown(test.input(), { key: 'Escape' });
    await waitFor(() =>
      expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID }),
    );
    await emit(stream, { type: 'done', status: 'stopped', remainingCredits: 44 });
    stream.close();
    expect(await screen.findByText('Stopped')).toBeTruthy();
  });

  it('a follow-up goes to the session and costs 2; Regenerate asks it again but never the opening', async () => {
    const test = setup();
    await startChat(test);
    // The opening answer cannot be regenerated.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    const stream = test.nextReply();
    await test.user.type(test.input(), 'How do I install it?{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    expect(test.requestsTo('POST', SEND)[1]!.body).toEqual({
      sessionId: SESSION_ID,
      prompt: 'How do I install it?',
      toolName: 'ai-web-chat',
    });
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: SECOND_REPLY },
      { type: 'delta', text: 'Run the installer [1].' },
      { type: 'sources', citations: [{ url: FRAGMENT }] },
      { type: 'done', status: 'completed', remainingCredits: 42 },
    );
    stream.close();
    expect(test.onCreditsChange).toHaveBeenLastCalledWith(42);
    const again = test.nextReply();
    await test.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(3));
    expect(test.requestsTo('POST', SEND)[2]!.body).toMatchObject({
      sessionId: SESSION_ID,
      prompt: 'How do I install it?',
    });
    again.close();
  });

  it('below 2 credits in the chat says so and refuses the follow-up', async () => {
    const test = setup({
      credits: 1,
      sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Guide', url: PAGE })]),
    });
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: PAGE }),
          makeMessage({ content: 'Summary.', status: 'completed' }),
        ],
      }),
    );
    // The URL step names the start's price, the chat step the follow-up's.
    expect(await screen.findByText(ERROR_TEXTS.validation.insufficientCreditsWebChat)).toBeTruthy();
    await test.user.click(await screen.findByRole('button', { name: /^Guide/ }));
    expect(await screen.findByText(ERROR_TEXTS.validation.insufficientCreditsWebChatFollowUp)).toBeTruthy();
    expect(screen.queryByText(ERROR_TEXTS.validation.insufficientCreditsWebChat)).toBeNull();
    await test.user.type(test.input(), 'More?{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('a local extractive answer says so, once', async () => {
    const test = setup({ available: false });
    expect(await screen.findByText(T.webChatLocalNotice)).toBeTruthy();
    const stream = test.nextReply();
    await test.user.type(urlField(), PAGE);
    await test.user.click(startButton());
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, local: true },
      { type: 'delta', text: '> Install the tool first. [1]' },
      { type: 'sources', citations: [{ url: FRAGMENT }] },
      { type: 'done', status: 'completed', remainingCredits: 44 },
    );
    stream.close();
    const reply = await screen.findByRole('article', { name: 'AI Web Chat' });
    expect(within(reply).getAllByText(T.localAnswerNote)).toHaveLength(1);
    expect(reply.getAttribute('data-local')).toBe('true');
    // No provider key does not stop the web chat: the message box can send.
    await test.user.type(test.input(), 'Next?');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(ERROR_TEXTS.chat.providerKeyMissing)).toBeNull();
  });
});

describe('AI Web Chat: sessions', () => {
  const stored = makeSession({ id: SESSION_ID, title: 'Setup guide', url: PAGE });

  function withMessages(test: Test) {
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: PAGE }),
          makeMessage({
            content: 'Opening summary [1].',
            status: 'completed',
            citations: [{ url: FRAGMENT, title: 'Setup guide' }],
          }),
          makeMessage({ role: 'user', content: 'Which version?' }),
          makeMessage({ content: 'Version 2.', status: 'completed', local: true }),
        ],
      }),
    );
  }

  it('opening a session shows its page, its answers with sources, and the local label where it applies', async () => {
    const test = setup({ sessions: sessionsPage([stored]) });
    withMessages(test);
    await test.user.click(await screen.findByRole('button', { name: /^Setup guide/ }));
    expect(await screen.findByText(/Opening summary/)).toBeTruthy();
    expect(within(screen.getByTestId('web-chat-page')).getByRole('link').getAttribute('href')).toBe(PAGE);
    expect(screen.getByRole('link', { name: 'Source 1: Setup guide' }).getAttribute('href')).toBe(FRAGMENT);
    const [opening, second] = screen.getAllByTestId('chat-reply');
    expect(within(opening!).queryByText(T.localAnswerNote)).toBeNull();
    expect(within(second!).getByText(T.localAnswerNote)).toBeTruthy();
    // The opening question shows the page as a link, not as typed text.
    expect(screen.getAllByRole('link', { name: /docs\.example\.com\/guide\/setup/ })).toHaveLength(2);
  });

  it('a reopened session whose answer is still being written shows it growing until it ends', async () => {
    const test = setup({ sessions: sessionsPage([stored]) });
    let reads = 0;
    test.on(`GET ${MESSAGES}`, () => {
      reads++;
      return json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: PAGE }),
          makeMessage({
            content: reads === 1 ? 'Half of the' : 'Half of the summary [1].',
            status: reads === 1 ? 'streaming' : 'completed',
            reply_id: REPLY_ID,
            ...(reads === 1 ? {} : { citations: [{ url: FRAGMENT, title: 'Setup guide' }] }),
          }),
        ],
      });
    });
    test.on('GET /api/credits/me', () => json({ success: true, me: makeMe({ credits: 44 }) }));
    await test.user.click(await screen.findByRole('button', { name: /^Setup guide/ }));
    expect(await screen.findByText('Half of the')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'Source 1: Setup guide' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    await waitFor(() => expect(test.onCreditsChange).toHaveBeenCalledWith(44));
  });

  it('New Web Chat returns to the URL step, empty', async () => {
    const test = setup({ sessions: sessionsPage([stored]) });
    withMessages(test);
    await test.user.click(await screen.findByRole('button', { name: /^Setup guide/ }));
    await screen.findByText(/Opening summary/);
    await test.user.click(screen.getByRole('button', { name: 'New Web Chat' }));
    expect(urlField().value).toBe('');
    expect(screen.queryByText(/Opening summary/)).toBeNull();
    expect(screen.queryByPlaceholderText(/Type your message/)).toBeNull();
  });

  it('deleting the open session asks with the web chat text and returns to the URL step', async () => {
    let deleted = false;
    const test = setup({ sessions: () => sessionsPage(deleted ? [] : [stored]) });
    withMessages(test);
    test.on(`DELETE ${SESSIONS}/${SESSION_ID}`, () => {
      deleted = true;
      return json({ success: true });
    });
    await test.user.click(await screen.findByRole('button', { name: /^Setup guide/ }));
    await screen.findByText(/Opening summary/);
    await test.user.click(screen.getByRole('button', { name: 'Delete conversation: Setup guide' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(deleteSessionConfirm('web chat'))).toBeTruthy();
    await test.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('Website URL')).toBeTruthy();
    expect(screen.queryByText(/Opening summary/)).toBeNull();
  });

  it('says Failed to load web chat sessions when the list fails without a server text', async () => {
    setup({ sessions: () => new Response('', { status: 502 }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load web chat sessions');
  });

  it('shows the members-only prompt to a guest', () => {
    setup({ user: null });
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_TEXTS,
  PLAYGROUND_MODELS,
  PLAYGROUND_MODEL_INFO,
  UI_TEXTS,
  deleteSessionConfirm,
} from '@act/contracts';
import { json, makeMe } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage, type ChatPageSetup } from '../test-support/chat-page';
import { FOLLOWING_REPLY_TEXT } from '../components/chat-notices';
import { PLAYGROUND_TABS_QUERY, PlaygroundPage } from './playground-page';

const T = UI_TEXTS.chat;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const [GPT, GEMINI, CLAUDE, DEEPSEEK] = PLAYGROUND_MODELS;
const SEND = '/api/chat/send-message';
/** The stored member's message of a turn (the start event's userMessageId). */
const QUESTION_ID = '20000000-0000-4000-8000-0000000000aa';

function setup(options: Pick<ChatPageSetup, 'credits' | 'available' | 'user' | 'sessions'> = {}) {
  return renderChatPage(PlaygroundPage, {
    toolId: 'ai-chat-playground',
    sessionsPath: '/api/chat/sessions',
    sendPath: SEND,
    ...options,
  });
}

function column(model: string) {
  return screen.getByRole('region', {
    name: PLAYGROUND_MODEL_INFO[model as keyof typeof PLAYGROUND_MODEL_INFO].name,
  });
}

async function startStream(test: ReturnType<typeof setup>, text = 'Compare these') {
  const stream = test.nextReply();
  await test.user.type(test.input(), text);
  await test.user.keyboard('{Enter}');
  await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
  return stream;
}

describe('AI Chat Playground: session list', () => {
  it('shows loading, then the empty text', async () => {
    let release: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    setup({ sessions: () => pending });
    const sidebar = screen.getByRole('complementary', { name: 'Chat History' });
    expect(within(sidebar).getByText('Loading')).toBeTruthy();
    release(sessionsPage([]));
    expect(await within(sidebar).findByText('No conversations yet')).toBeTruthy();
  });

  it('shows the spec text when the sessions cannot be loaded, and Try again reloads', async () => {
    let fail = true;
    const test = setup({
      sessions: () =>
        fail
          ? json({ success: false, error: 'boom', code: 'INTERNAL' }, 500)
          : sessionsPage([makeSession({ title: 'Back' })]),
    });
    // The server's text wins when it sends one; a network failure shows the spec's fallback.
    expect((await screen.findByRole('alert')).textContent).toContain('boom');
    fail = false;
    await test.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeTruthy();
  });

  it('uses the spec fallback text when the list fails without a server text', async () => {
    setup({ sessions: () => new Response('<html>bad gateway</html>', { status: 502 }) });
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.loadChatSessions);
  });

  it('asks for 10 sessions, and 10 more once scrolled within 50 px of the bottom', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeSession({ title: `First ${i}` }));
    const second = Array.from({ length: 10 }, (_, i) => makeSession({ title: `Second ${i}` }));
    const test = setup({
      sessions: (request) =>
        new URL(request.url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? sessionsPage(second)
          : sessionsPage(first, 'page-2'),
    });
    await screen.findByText('First 9');
    const firstUrl = new URL(test.requestsTo('GET', '/api/chat/sessions')[0]!.url, 'http://x');
    expect(firstUrl.searchParams.get('limit')).toBe('10');
    expect(firstUrl.searchParams.get('cursor')).toBeNull();

    const scroller = screen.getByTestId('chat-session-scroller');
    Object.defineProperties(scroller, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 400 },
    });
    scroller.scrollTop = 520; // 80 px left: not yet
    fireEvent.scroll(scroller);
    expect(test.requestsTo('GET', '/api/chat/sessions')).toHaveLength(1);
    scroller.scrollTop = 550; // 50 px left
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Second 9')).toBeTruthy();
    expect(screen.getAllByTestId('chat-session')).toHaveLength(20);
    const more = new URL(test.requestsTo('GET', '/api/chat/sessions')[1]!.url, 'http://x');
    expect(more.searchParams.get('cursor')).toBe('page-2');
  });

  it('searches on the server and says when nothing matches', async () => {
    const test = setup({
      sessions: (request) =>
        new URL(request.url, 'http://x').searchParams.get('q')
          ? sessionsPage([])
          : sessionsPage([makeSession()]),
    });
    await screen.findAllByTestId('chat-session');
    await test.user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'quantum');
    expect(await screen.findByText('No conversations match your search.')).toBeTruthy();
    const last = test.requestsTo('GET', '/api/chat/sessions').at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('q')).toBe('quantum');
  });

  it('deletes a session after the spec confirmation, and says so when deleting fails', async () => {
    const session = makeSession({ title: 'Old chat' });
    const test = setup({ sessions: sessionsPage([session, makeSession({ title: 'Other' })]) });
    let ok = false;
    test.on(`DELETE /api/chat/sessions/${session.id}`, () =>
      ok ? json({ success: true }) : new Response('', { status: 500 }),
    );
    await test.user.click(await screen.findByRole('button', { name: 'Delete conversation: Old chat' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(deleteSessionConfirm('chat'))).toBeTruthy();
    expect(deleteSessionConfirm('chat')).toBe(
      'Are you sure you want to delete this chat session? This action cannot be undone.',
    );
    await test.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.deleteChatSession);
    expect(screen.getByText('Old chat')).toBeTruthy();

    ok = true;
    await test.user.click(screen.getByRole('button', { name: 'Delete conversation: Old chat' }));
    await test.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByText('Old chat')).toBeNull());
    expect(screen.getByText('Other')).toBeTruthy();
  });

  it('renames a session', async () => {
    const session = makeSession({ title: 'Untitled' });
    const test = setup({ sessions: sessionsPage([session]) });
    test.on(`PATCH /api/chat/sessions/${session.id}`, (request) =>
      json({ success: true, session: { ...session, title: (request.body as { title: string }).title } }),
    );
    await test.user.click(await screen.findByRole('button', { name: 'Rename: Untitled' }));
    const field = screen.getByRole('textbox', { name: 'Conversation title' });
    await test.user.clear(field);
    await test.user.type(field, 'Physics questions{Enter}');
    expect(await screen.findByText('Physics questions')).toBeTruthy();
    expect(test.requestsTo('PATCH', `/api/chat/sessions/${session.id}`)[0]?.body).toEqual({
      title: 'Physics questions',
    });
  });
});

describe('AI Chat Playground: sending', () => {
  it('streams four columns side by side, shows Stop while streaming, then the new balance', async () => {
    const test = setup();
    expect(screen.getByTestId('next-message-cost').textContent).toContain('5 credits');
    const stream = await startStream(test, 'What is 2+2?');
    const request = test.requestsTo('POST', SEND)[0]!;
    expect(request.headers.accept).toBe('text/event-stream');
    expect(request.body).toMatchObject({
      prompt: 'What is 2+2?',
      toolName: 'ai-chat-playground',
      conversationHistories: { [GPT]: [] },
    });
    expect((request.body as Record<string, unknown>).sessionId).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect((test.input() as HTMLTextAreaElement).value).toBe('');

    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, columns: [...PLAYGROUND_MODELS] },
      { type: 'delta', text: 'Four', column: GPT },
      { type: 'delta', text: '**4**', column: GEMINI },
      { type: 'delta', text: 'It is', column: CLAUDE },
    );
    expect(within(column(GPT)).getByText('Four')).toBeTruthy();
    expect(within(column(GEMINI)).getByText('4').tagName).toBe('STRONG');
    expect(within(column(CLAUDE)).getByText('It is')).toBeTruthy();
    for (const model of PLAYGROUND_MODELS) {
      expect(within(column(model)).getByText('What is 2+2?')).toBeTruthy();
    }
    expect(within(column(DEEPSEEK)).getByTestId('chat-reply').getAttribute('aria-busy')).toBe('true');

    await emit(
      stream,
      { type: 'delta', text: ' four.', column: CLAUDE },
      { type: 'reasoning', text: 'Adding two and two', column: DEEPSEEK },
      { type: 'delta', text: '4', column: DEEPSEEK },
      { type: 'done', status: 'completed', remainingCredits: 45 },
    );
    stream.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(test.onCreditsChange).toHaveBeenCalledWith(45);
    expect(within(column(CLAUDE)).getByText('It is four.')).toBeTruthy();
    const deepseek = within(column(DEEPSEEK));
    expect(deepseek.getByText('Reasoning').closest('details')?.open).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(4);
    // The new session shows in the list (the list is read again once the server named it).
    await waitFor(() => expect(test.requestsTo('GET', '/api/chat/sessions').length).toBeGreaterThan(1));
  });

  it('sends each model its own history and the session id with the next message', async () => {
    const test = setup();
    const first = await startStream(test, 'Hi');
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Hello from GPT', column: GPT },
      { type: 'column', column: GEMINI, status: 'failed', error: 'Gemini is unavailable' },
      { type: 'done', status: 'completed', remainingCredits: 45 },
    );
    first.close();
    await screen.findByRole('button', { name: 'Send' });
    expect(within(column(GEMINI)).getByText('Gemini is unavailable')).toBeTruthy();

    const second = test.nextReply();
    await test.user.type(test.input(), 'And again{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    const body = test.requestsTo('POST', SEND)[1]!.body as Record<string, unknown>;
    expect(body.sessionId).toBe(SESSION_ID);
    expect(body.conversationHistories).toMatchObject({
      [GPT]: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello from GPT' },
      ],
      [GEMINI]: [{ role: 'user', content: 'Hi' }],
    });
    second.close();
  });

  it('Stop (button or Esc) calls /api/chat/stop with the reply id, and the columns end as stopped', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = await startStream(test);
    // Esc before the reply id is known: the stop goes out once the first event names it.
    fireEvent.keyDown(test.input(), { key: 'Escape' });
    expect(test.requestsTo('POST', '/api/chat/stop')).toHaveLength(0);
    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    await waitFor(() => expect(test.requestsTo('POST', '/api/chat/stop')).toHaveLength(1));
    expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID });

    await emit(
      stream,
      { type: 'delta', text: 'Partial', column: GPT },
      {
        type: 'done',
        status: 'stopped',
        remainingCredits: 45,
        columns: { [GPT]: 'stopped', [GEMINI]: 'stopped', [CLAUDE]: 'stopped', [DEEPSEEK]: 'stopped' },
      },
    );
    stream.close();
    await screen.findByRole('button', { name: 'Send' });
    expect(within(column(GPT)).getByText('Partial')).toBeTruthy();
    expect(screen.getAllByText('Stopped')).toHaveLength(4);
  });

  it('the Stop button stops a reply whose id is known', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = await startStream(test);
    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    await test.user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(test.requestsTo('POST', '/api/chat/stop')).toHaveLength(1));
    stream.close();
  });

  it('Enter sends, Shift+Enter adds a line, an empty box sends nothing', async () => {
    const test = setup();
    await test.user.click(test.input());
    await test.user.keyboard('{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
    await test.user.type(test.input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect((test.input() as HTMLTextAreaElement).value).toBe('line one\nline two');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
    const stream = test.nextReply();
    await test.user.keyboard('{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect((test.requestsTo('POST', SEND)[0]!.body as { prompt: string }).prompt).toBe('line one\nline two');
    stream.close();
  });

  it('below 5 credits shows the spec text and Send stays disabled', async () => {
    const test = setup({ credits: 4 });
    expect(
      await screen.findByText('Insufficient credits. 5 credits required to send a message.'),
    ).toBeTruthy();
    await test.user.type(test.input(), 'Hello{Enter}');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('without a provider key says so before the member types, and Send is disabled', async () => {
    const test = setup({ available: false });
    expect(await screen.findByText(ERROR_TEXTS.chat.providerKeyMissing)).toBeTruthy();
    await test.user.type(test.input(), 'Hello{Enter}');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('a refused send shows the server text and puts the message back in the box', async () => {
    const test = setup();
    test.on(`POST ${SEND}`, () =>
      json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402),
    );
    await test.user.type(test.input(), 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Insufficient credits');
    expect((test.input() as HTMLTextAreaElement).value).toBe('Hello');
    expect(screen.queryAllByTestId('chat-reply')).toHaveLength(0);
  });

  it('a network failure shows Failed to send message', async () => {
    const test = setup();
    test.on(`POST ${SEND}`, () => {
      throw new TypeError('Failed to fetch');
    });
    await test.user.type(test.input(), 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.sendMessage);
  });

  it('a stream that breaks off after text keeps the text, follows the reply and shows how it was stored', async () => {
    const test = setup();
    test.on('GET /api/credits/me', () => json({ success: true, me: makeMe({ credits: 45 }) }));
    const user = makeMessage({ role: 'user', content: 'Compare these' });
    let reads = 0;
    test.on('GET /api/chat/messages', () => {
      reads++;
      const ended = reads >= 2;
      const status = ended ? 'completed' : 'streaming';
      return json({
        success: true,
        messages: [
          user,
          // The stored text of a reply being written may lag behind what the stream had shown.
          makeMessage({
            model_name: GPT,
            content: ended ? 'Half an answer, then the rest.' : 'Half an',
            status,
            reply_id: REPLY_ID,
          }),
          makeMessage({
            model_name: GEMINI,
            content: '',
            status: ended ? 'failed' : 'streaming',
            error: ended ? 'Gemini failed' : null,
            reply_id: REPLY_ID,
          }),
          makeMessage({ model_name: CLAUDE, content: 'Claude', status, reply_id: REPLY_ID }),
          makeMessage({
            model_name: DEEPSEEK,
            content: 'Deep',
            status: ended ? 'stopped' : 'streaming',
            reply_id: REPLY_ID,
          }),
        ],
      });
    });
    const stream = await startStream(test);
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Half an answer', column: GPT },
    );
    await act(async () => {
      stream.fail();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    // The reply goes on on the server: the text stays, nothing says it failed, the page says it follows it.
    expect(within(column(GPT)).getByText('Half an answer')).toBeTruthy();
    expect(screen.queryByText(ERROR_TEXTS.chat.sendMessage)).toBeNull();
    expect(screen.getByText(FOLLOWING_REPLY_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    // It reads the session quietly; a stored text that lags behind does not shrink what is shown.
    await waitFor(() => expect(reads).toBe(1), { timeout: 3000 });
    const firstRead = new URL(test.requestsTo('GET', '/api/chat/messages')[0]!.url, 'http://x');
    expect(firstRead.searchParams.get('sessionId')).toBe(SESSION_ID);
    expect(await within(column(CLAUDE)).findByText('Claude')).toBeTruthy();
    expect(within(column(GPT)).getByText('Half an answer')).toBeTruthy();
    expect(test.onCreditsChange).not.toHaveBeenCalled();
    // The reply ends on the server: its stored text and end state show, and the balance is read again.
    expect(
      await within(column(GPT)).findByText('Half an answer, then the rest.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(within(column(GEMINI)).getByText('Gemini failed')).toBeTruthy();
    expect(within(column(DEEPSEEK)).getByText('Stopped')).toBeTruthy();
    expect(screen.queryByText(FOLLOWING_REPLY_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    await waitFor(() => expect(test.onCreditsChange).toHaveBeenCalledExactlyOnceWith(45));
    expect(test.requestsTo('GET', '/api/credits/me')).toHaveLength(1);
    expect(reads).toBe(2);
  });

  it('a stream that breaks off before the reply started still says Failed to send message', async () => {
    const test = setup();
    test.on('GET /api/chat/messages', () => json({ success: true, messages: [] }));
    const stream = await startStream(test, 'Hello');
    await act(async () => {
      stream.fail();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.sendMessage);
    expect(screen.queryByText(FOLLOWING_REPLY_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(test.requestsTo('GET', '/api/chat/messages')).toHaveLength(0);
  });

  it("Regenerate in one column asks that model alone again, at one message's price", async () => {
    const test = setup();
    const first = await startStream(test, 'Tell a joke');
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, userMessageId: QUESTION_ID },
      { type: 'delta', text: 'Knock knock', column: GPT },
      { type: 'done', status: 'completed', remainingCredits: 45 },
    );
    first.close();
    const second = test.nextReply();
    const column = screen.getByRole('region', { name: PLAYGROUND_MODEL_INFO[GPT].name });
    const regenerate = await within(column).findByRole('button', { name: T.regenerate });
    expect(regenerate.getAttribute('title')).toBe(T.regenerateCost(5));
    // One Regenerate per column, none for the whole turn.
    expect(screen.getAllByRole('button', { name: T.regenerate })).toHaveLength(4);
    await test.user.click(regenerate);
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    const body = test.requestsTo('POST', SEND)[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      prompt: 'Tell a joke',
      sessionId: SESSION_ID,
      regenerateOf: QUESTION_ID,
      column: GPT,
    });
    // Only that column is written again; the others keep their answers.
    expect(within(column).queryByText('Knock knock')).toBeNull();
    expect(screen.getAllByText('Tell a joke').length).toBeGreaterThan(0);
    second.close();
  });
  it('edits a message from the first column only, at the message price, as an edit of the stored message', async () => {
    const test = setup();
    const first = await startStream(test, 'Tell a joke');
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, userMessageId: QUESTION_ID },
      { type: 'delta', text: 'Knock knock', column: GPT },
      { type: 'done', status: 'completed', remainingCredits: 45 },
    );
    first.close();
    // One Edit per question, in the first model's column.
    const edit = await screen.findByRole('button', { name: T.edit });
    const gpt = screen.getByRole('region', { name: PLAYGROUND_MODEL_INFO[GPT].name });
    expect(within(gpt).getByRole('button', { name: T.edit })).toBe(edit);
    const second = test.nextReply();
    await test.user.click(edit);
    const box = screen.getByRole('textbox', { name: 'Edit your message' });
    await test.user.clear(box);
    await test.user.type(box, 'Tell a pun');
    await test.user.click(screen.getByRole('button', { name: T.saveAndSend(5) }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    expect(test.requestsTo('POST', SEND)[1]!.body).toMatchObject({
      sessionId: SESSION_ID,
      prompt: 'Tell a pun',
      editOf: QUESTION_ID,
    });
    expect(screen.queryByText('Knock knock')).toBeNull();
    second.close();
  });
});

describe('AI Chat Playground on a phone', () => {
  /** A screen as narrow as a phone: the tabs' media query matches. */
  function phone() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PLAYGROUND_TABS_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  it('shows one column at a time behind a tab list that the arrow keys move through', async () => {
    phone();
    const test = setup();
    const tablist = screen.getByRole('tablist', { name: 'Model replies' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(
      PLAYGROUND_MODELS.map((model) => PLAYGROUND_MODEL_INFO[model].name),
    );
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('playground-column')).toHaveLength(1);

    const stream = await startStream(test, 'What is 2+2?');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID, columns: [...PLAYGROUND_MODELS] },
      { type: 'delta', text: 'Four', column: GPT },
      { type: 'delta', text: 'It is four', column: GEMINI },
    );
    expect(within(column(GPT)).getByText('Four')).toBeTruthy();

    // Keyboard: focus the selected tab, then Right shows the next model's column, End the last, Home the first.
    tabs[0]!.focus();
    await test.user.keyboard('{ArrowRight}');
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    expect(screen.getAllByTestId('playground-column')).toHaveLength(1);
    expect(within(column(GEMINI)).getByText('It is four')).toBeTruthy();
    expect(screen.queryByRole('region', { name: PLAYGROUND_MODEL_INFO[GPT].name })).toBeNull();
    await test.user.keyboard('{End}');
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    expect(within(column(DEEPSEEK)).getByText('What is 2+2?')).toBeTruthy();
    await test.user.keyboard('{ArrowRight}');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(within(column(GPT)).getByText('Four')).toBeTruthy();
    stream.close();
  });

  it('moves to the next or previous column when a finger swipes sideways, and not when it scrolls down', async () => {
    phone();
    setup();
    const tabs = within(screen.getByRole('tablist', { name: 'Model replies' })).getAllByRole('tab');
    const swipe = (from: [number, number], to: [number, number]) => {
      const panel = screen.getByRole('tabpanel');
      fireEvent.touchStart(panel, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(panel, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 200], [100, 210]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(column(GEMINI)).toBeTruthy();
    // Mostly downwards: a scroll of the column, the tab stays.
    swipe([200, 100], [140, 400]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    // Too short to be meant.
    swipe([200, 100], [180, 100]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    swipe([100, 200], [300, 200]);
    swipe([100, 200], [300, 200]);
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    expect(column(DEEPSEEK)).toBeTruthy();
  });
});

describe('AI Chat Playground: stored sessions', () => {
  it('opens a session with its four answers, and shows one still being written growing', async () => {
    const session = makeSession({ id: SESSION_ID, title: 'Earlier' });
    const test = setup({ sessions: sessionsPage([session]) });
    const user = makeMessage({ role: 'user', content: 'Explain tides' });
    let reads = 0;
    test.on('GET /api/chat/messages', () => {
      reads++;
      const growing = reads === 1 ? 'The moon' : 'The moon pulls the sea.';
      return json({
        success: true,
        messages: [
          user,
          makeMessage({ model_name: GPT, content: 'Gravity.', status: 'completed', reply_id: REPLY_ID }),
          makeMessage({ model_name: GEMINI, content: '', status: 'failed', error: 'Gemini failed' }),
          makeMessage({ model_name: CLAUDE, content: 'Moon.', status: 'completed' }),
          makeMessage({
            model_name: DEEPSEEK,
            content: growing,
            status: reads === 1 ? 'streaming' : 'completed',
            reply_id: REPLY_ID,
          }),
        ],
      });
    });
    await test.user.click(await screen.findByRole('button', { name: /^Earlier/ }));
    expect(await within(column(GPT)).findByText('Gravity.')).toBeTruthy();
    expect(within(column(GEMINI)).getByText('Gemini failed')).toBeTruthy();
    expect(within(column(DEEPSEEK)).getByText('The moon')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(
      new URL(test.requestsTo('GET', '/api/chat/messages')[0]!.url, 'http://x').searchParams.get('sessionId'),
    ).toBe(SESSION_ID);
    expect(
      await within(column(DEEPSEEK)).findByText('The moon pulls the sea.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('reads the balance again when a reply it was polling ends, and not before', async () => {
    const session = makeSession({ id: SESSION_ID, title: 'Away' });
    const test = setup({ sessions: sessionsPage([session]) });
    test.on('GET /api/credits/me', () => json({ success: true, me: makeMe({ credits: 45 }) }));
    const user = makeMessage({ role: 'user', content: 'Explain tides' });
    let reads = 0;
    test.on('GET /api/chat/messages', () => {
      reads++;
      const status = reads < 3 ? 'streaming' : 'completed';
      return json({
        success: true,
        messages: [
          user,
          ...PLAYGROUND_MODELS.map((model) =>
            makeMessage({ model_name: model, content: `Tides ${reads}`, status, reply_id: REPLY_ID }),
          ),
        ],
      });
    });
    await test.user.click(await screen.findByRole('button', { name: /^Away/ }));
    expect(await within(column(GPT)).findByText('Tides 1')).toBeTruthy();
    // Still being written after the first poll: nothing is charged yet, the balance is not read.
    expect(await within(column(GPT)).findByText('Tides 2', {}, { timeout: 3000 })).toBeTruthy();
    expect(test.requestsTo('GET', '/api/credits/me')).toHaveLength(0);
    expect(test.onCreditsChange).not.toHaveBeenCalled();
    // The reply ends: the header balance follows the charge.
    expect(await within(column(GPT)).findByText('Tides 3', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(test.onCreditsChange).toHaveBeenCalledExactlyOnceWith(45));
    expect(test.requestsTo('GET', '/api/credits/me')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('moves a session to the top of the list when a message is sent in it', async () => {
    const newer = makeSession({ title: 'Newer', updated_at: '2025-01-03T10:00:00Z' });
    const older = makeSession({ id: SESSION_ID, title: 'Older', updated_at: '2025-01-01T10:00:00Z' });
    const test = setup({ sessions: sessionsPage([newer, older]) });
    test.on('GET /api/chat/messages', () => json({ success: true, messages: [] }));
    await test.user.click(await screen.findByRole('button', { name: /^Older/ }));
    const titles = () =>
      screen
        .getAllByTestId('chat-session')
        .map((item) => item.querySelector('.ch-session__title')?.textContent);
    expect(titles()).toEqual(['Newer', 'Older']);
    const stream = test.nextReply();
    await test.user.type(test.input(), 'More{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect((test.requestsTo('POST', SEND)[0]!.body as { sessionId: string }).sessionId).toBe(SESSION_ID);
    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    expect(titles()).toEqual(['Older', 'Newer']);
    // No reload of the list for a session it already shows.
    expect(test.requestsTo('GET', '/api/chat/sessions')).toHaveLength(1);
    stream.close();
  });

  it('says Failed to load chat messages when a session cannot be read', async () => {
    const session = makeSession({ title: 'Broken' });
    const test = setup({ sessions: sessionsPage([session]) });
    test.on('GET /api/chat/messages', () => new Response('', { status: 500 }));
    await test.user.click(await screen.findByRole('button', { name: /^Broken/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.loadChatMessages);
  });
});

describe('AI Chat Playground: guests', () => {
  it('shows the members-only prompt with Sign Up', async () => {
    const test = setup({ user: null });
    const { user } = test;
    expect(screen.getByText(/Chat is for members/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(test.navigate).toHaveBeenCalledWith('/auth?signup=true');
    expect(test.requests).toHaveLength(0);
  });
});

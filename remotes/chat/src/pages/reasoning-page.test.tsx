import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, deleteSessionConfirm } from '@act/contracts';
import { json, makeMe, pngFile } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage, type ChatPageSetup } from '../test-support/chat-page';
import { FOLLOWING_REPLY_TEXT } from '../components/chat-notices';
import { ReasoningPage } from './reasoning-page';

afterEach(cleanup);

const SEND = '/api/chat/chat-reasoning/send-message';
const SESSIONS = '/api/chat/chat-reasoning/sessions';

function setup(options: Pick<ChatPageSetup, 'credits' | 'available' | 'user' | 'sessions'> = {}) {
  return renderChatPage(ReasoningPage, {
    toolId: 'chat-reasoning',
    sessionsPath: SESSIONS,
    sendPath: SEND,
    // The refused-file tests upload files the inputs' accept lists would filter out.
    userEvents: { applyAccept: false },
    ...options,
  });
}

/** Picks a file with the Attach image or Attach PDF input. */
function attach(test: ReturnType<typeof setup>, kind: 'image' | 'pdf', file: File) {
  return test.user.upload(screen.getByTestId(`attach-${kind}-input`) as HTMLInputElement, file);
}

function pdfFile(name = 'paper.pdf', size = 4096): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  return new File([bytes], name, { type: 'application/pdf' });
}

function bigFile(name: string, type: string): File {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
  return file;
}

describe('Chat Reasoning', () => {
  it('offers New Reasoning, the 6-credit cost and the empty states', async () => {
    setup();
    expect(screen.getByRole('button', { name: 'New Reasoning' })).toBeTruthy();
    expect(screen.getByTestId('next-message-cost').textContent).toContain('6 credits');
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText(/Ask a hard question/)).toBeTruthy();
  });

  it('says Failed to load reasoning sessions when the list fails without a server text', async () => {
    setup({ sessions: () => new Response('', { status: 502 }) });
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.loadReasoningSessions);
  });

  it('below 6 credits shows the spec text and refuses to send', async () => {
    const test = setup({ credits: 5 });
    expect(
      await screen.findByText('Insufficient credits. 6 credits required to send a reasoning query.'),
    ).toBeTruthy();
    await test.user.type(test.input(), 'Why is the sky blue?{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('without a provider key says chat needs one and Send is disabled', async () => {
    const test = setup({ available: false });
    expect(await screen.findByText(ERROR_TEXTS.chat.providerKeyMissing)).toBeTruthy();
    await test.user.type(test.input(), 'Hi');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a file that is not an image, a non-PDF and files over 10 MB with the spec texts', async () => {
    const test = setup();
    const imageInput = screen.getByTestId('attach-image-input') as HTMLInputElement;
    const pdfInput = screen.getByTestId('attach-pdf-input') as HTMLInputElement;
    await test.user.upload(imageInput, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid image file');
    await test.user.upload(pdfInput, pngFile('photo.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid PDF file');
    await test.user.upload(imageInput, bigFile('huge.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Image file size must be less than 10MB');
    await test.user.upload(pdfInput, bigFile('huge.pdf', 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe('PDF file size must be less than 10MB');
    expect(screen.queryByTestId('attached-image')).toBeNull();
    expect(screen.queryByTestId('attached-pdf')).toBeNull();
  });

  it('sends the prompt with the attached image and PDF, and shows reasoning collapsed apart from the answer', async () => {
    const test = setup();
    const stream = test.nextReply();
    await attach(test, 'image', pngFile('chart.png'));
    await attach(test, 'pdf', pdfFile());
    expect(await screen.findByTestId('attached-image')).toBeTruthy();
    expect(await screen.findByTestId('attached-pdf')).toBeTruthy();
    await test.user.click(screen.getByRole('button', { name: 'Remove attachment: paper.pdf' }));
    await attach(test, 'pdf', pdfFile());
    await screen.findByTestId('attached-pdf');

    await test.user.type(test.input(), 'What does the chart show?{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    const body = test.requestsTo('POST', SEND)[0]!.body as Record<string, string>;
    expect(body.prompt).toBe('What does the chart show?');
    expect(body.toolName).toBe('chat-reasoning');
    expect(body.image).toMatch(/^data:image\/png;base64,/);
    expect(body.pdf).toMatch(/^data:application\/pdf;base64,/);
    expect(screen.queryByTestId('attached-image')).toBeNull();

    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'reasoning', text: 'The bars rise each year.' },
    );
    expect(screen.getByText('Thinking...')).toBeTruthy();
    await emit(
      stream,
      { type: 'delta', text: 'Sales **grew**.' },
      { type: 'done', status: 'completed', remainingCredits: 44 },
    );
    stream.close();
    await screen.findByRole('button', { name: 'Send' });
    const reply = screen.getByTestId('chat-reply');
    const details = within(reply).getByText('Reasoning').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('The bars rise each year.');
    expect(within(reply).getByText('grew').tagName).toBe('STRONG');
    // The sent image shows as a thumbnail on the question.
    expect(screen.getByRole('img', { name: 'chart.png' }).getAttribute('src')).toMatch(/^data:image\/png/);
    expect(screen.getByTestId('turn-pdf').textContent).toContain('paper.pdf');
    expect(test.onCreditsChange).toHaveBeenCalledWith(44);
  });

  it('Regenerate sends the last question again with its attachments; Copy is on every reply', async () => {
    const test = setup();
    const first = test.nextReply();
    await attach(test, 'image', pngFile('chart.png'));
    await screen.findByTestId('attached-image');
    await test.user.type(test.input(), 'Explain{Enter}');
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'First answer' },
      { type: 'done', status: 'completed', remainingCredits: 44 },
    );
    first.close();
    expect(await screen.findByRole('button', { name: 'Copy' })).toBeTruthy();
    const second = test.nextReply();
    // Regenerate shows once the first stream has ended (not only its last event).
    await test.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    const body = test.requestsTo('POST', SEND)[1]!.body as Record<string, string>;
    expect(body).toMatchObject({ prompt: 'Explain', sessionId: SESSION_ID });
    expect(body.image).toMatch(/^data:image\/png;base64,/);
    await emit(
      second,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Second' },
    );
    // Only the last reply can be regenerated, and not while it streams.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    second.close();
  });

  it('Esc stops the reply with its id', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Long question{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'So' },
    );
    fireEvent.keyDown(test.input(), { key: 'Escape' });
    await waitFor(() =>
      expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID }),
    );
    await emit(stream, { type: 'done', status: 'stopped', remainingCredits: 44 });
    stream.close();
    expect(await screen.findByText('Stopped')).toBeTruthy();
  });

  it('a stream that ends without a last event follows the reply, through a read that failed, to its stored end', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    test.on('GET /api/credits/me', () => json({ success: true, me: makeMe({ credits: 44 }) }));
    let reads = 0;
    test.on('GET /api/chat/chat-reasoning/messages', () => {
      reads++;
      // The first read finds the network still down.
      if (reads === 1) throw new TypeError('Failed to fetch');
      return json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Long question' }),
          makeMessage({
            content: 'So the answer is 42.',
            reasoning: 'Think',
            status: 'stopped',
            reply_id: REPLY_ID,
          }),
        ],
      });
    });
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Long question{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'reasoning', text: 'Think' },
      { type: 'delta', text: 'So' },
    );
    await act(async () => {
      stream.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByText('So')).toBeTruthy();
    expect(screen.queryByText(ERROR_TEXTS.chat.noAnswerReceived)).toBeNull();
    expect(screen.getByText(FOLLOWING_REPLY_TEXT)).toBeTruthy();
    // Stop still reaches the reply while it is followed.
    fireEvent.keyDown(test.input(), { key: 'Escape' });
    await waitFor(() =>
      expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID }),
    );
    expect(await screen.findByText('So the answer is 42.', {}, { timeout: 4000 })).toBeTruthy();
    expect(reads).toBe(2);
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.queryByText(FOLLOWING_REPLY_TEXT)).toBeNull();
    await waitFor(() => expect(test.onCreditsChange).toHaveBeenCalledExactlyOnceWith(44));
  });

  it('an error event before any text shows the spec text and keeps the question in the box', async () => {
    const test = setup();
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Hello{Enter}');
    await emit(stream, {
      type: 'error',
      error: ERROR_TEXTS.chat.sendReasoningQuery,
      code: 'SERVICE_UNAVAILABLE',
      remainingCredits: 50,
    });
    stream.close();
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_TEXTS.chat.sendReasoningQuery);
    await waitFor(() => expect(test.input().value).toBe('Hello'));
  });

  it('opens a stored session and deletes it with the reasoning confirmation text', async () => {
    const session = makeSession({ id: SESSION_ID, title: 'Prime numbers' });
    let deleted = false;
    const test = setup({ sessions: () => sessionsPage(deleted ? [] : [session]) });
    test.on('GET /api/chat/chat-reasoning/messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Are there infinitely many primes?' }),
          makeMessage({
            content: 'Yes, by Euclid.',
            reasoning: 'Assume finitely many…',
            status: 'completed',
          }),
        ],
      }),
    );
    test.on(`DELETE ${SESSIONS}/${SESSION_ID}`, () => {
      deleted = true;
      return json({ success: true });
    });
    await test.user.click(await screen.findByRole('button', { name: /^Prime numbers/ }));
    expect(await screen.findByText('Yes, by Euclid.')).toBeTruthy();
    await test.user.click(screen.getByRole('button', { name: 'Delete conversation: Prime numbers' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(deleteSessionConfirm('reasoning'))).toBeTruthy();
    await test.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Deleting the open session leaves it.
    await waitFor(() => expect(screen.queryByText('Yes, by Euclid.')).toBeNull());
    expect(screen.getByText(/Ask a hard question/)).toBeTruthy();
  });

  it('shows the members-only prompt to a guest', () => {
    setup({ user: null });
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_MODELS,
  ERROR_TEXTS,
  UI_TEXTS,
  deleteSessionConfirm,
  getChatModel,
  insufficientCreditsChatAgent,
} from '@act/contracts';
import { json, pngFile } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage, type ChatPageSetup } from '../test-support/chat-page';
import { AgentPage } from './agent-page';

afterEach(cleanup);

const SEND = '/api/chat/chat-agent/send-message';
const SESSIONS = '/api/chat/chat-agent/sessions';
const MESSAGES = '/api/chat/chat-agent/messages';
const T = UI_TEXTS.chat;
const GPT = getChatModel('openai/gpt-4o-mini');
const LLAMA = getChatModel('meta-llama/llama-3-70b-instruct');

function setup(options: Pick<ChatPageSetup, 'credits' | 'available' | 'user' | 'sessions'> = {}) {
  return renderChatPage(AgentPage, {
    toolId: 'chat-agent',
    sessionsPath: SESSIONS,
    sendPath: SEND,
    userEvents: { applyAccept: false },
    ...options,
  });
}

type Test = ReturnType<typeof setup>;

function modelCard(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
}

async function choose(test: Test, name: string) {
  await test.user.click(modelCard(name));
  await screen.findByPlaceholderText(/Type your message/);
}

function pdfFile(name = 'paper.pdf'): File {
  const bytes = new Uint8Array(2048);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  return new File([bytes], name, { type: 'application/pdf' });
}

function webSearchSwitch() {
  return screen.getByRole('switch', { name: /Web search/ }) as HTMLInputElement;
}

describe('Chat Agent: model selection', () => {
  it('opens on the grid of the eight models with name, provider, colour and capability badges', async () => {
    setup();
    const cards = await screen.findAllByTestId('chat-model');
    expect(cards.map((card) => card.getAttribute('data-model'))).toEqual(CHAT_MODELS.map((m) => m.id));
    for (const [index, model] of CHAT_MODELS.entries()) {
      const card = cards[index]!;
      expect(card.textContent).toContain(model.name);
      expect(card.textContent).toContain(model.provider);
      expect(card.style.borderTopColor).not.toBe('');
      const badges = ['Vision', 'PDF', 'Web Search'].filter((badge) => card.textContent!.includes(badge));
      expect(badges.length, model.name).toBe(model.vision && model.pdfs && model.webSearch ? 3 : 0);
      expect(card.textContent!.includes(T.textOnly), model.name).toBe(badges.length === 0);
    }
    // No message box until a model is chosen.
    expect(screen.queryByPlaceholderText(/Type your message/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a model' })).toBeTruthy();
  });

  it('without a provider key says chat needs one on the grid, before the member types', async () => {
    setup({ available: false });
    expect(await screen.findByText(ERROR_TEXTS.chat.providerKeyMissing)).toBeTruthy();
    expect(screen.queryByPlaceholderText(/Type your message/)).toBeNull();
  });

  it('choosing a model shows its chat with the 2-credit cost; Change model and New Chat return to the grid', async () => {
    const test = setup();
    await choose(test, GPT.name);
    const header = screen.getByTestId('chosen-model');
    expect(header.textContent).toContain(GPT.name);
    expect(header.textContent).toContain('OpenAI');
    expect(screen.getByTestId('next-message-cost').textContent).toBe('Next message: 2 credits');
    await test.user.click(within(header).getByRole('button', { name: 'Change model' }));
    expect(await screen.findAllByTestId('chat-model')).toHaveLength(8);
    await choose(test, LLAMA.name);
    await test.user.type(test.input(), 'draft');
    await test.user.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await screen.findAllByTestId('chat-model')).toHaveLength(8);
    await choose(test, GPT.name);
    expect(test.input().value).toBe('');
  });
});

describe('Chat Agent: capabilities', () => {
  it('a model without vision, PDF or web search keeps the controls but they say why and send nothing', async () => {
    const test = setup();
    await choose(test, LLAMA.name);
    const image = screen.getByRole('button', { name: 'Attach image' });
    const pdf = screen.getByRole('button', { name: 'Attach PDF' });
    expect(image.getAttribute('aria-disabled')).toBe('true');
    expect(image.getAttribute('title')).toBe(T.noVisionModel);
    expect(pdf.getAttribute('title')).toBe(T.noPdfModel);
    expect(screen.queryByTestId('attach-image-input')).toBeNull();
    expect(screen.queryByTestId('attach-pdf-input')).toBeNull();
    await test.user.click(image);
    expect((await screen.findByRole('alert')).textContent).toBe(T.noVisionModel);
    await test.user.click(pdf);
    expect((await screen.findByRole('alert')).textContent).toBe(T.noPdfModel);
    await test.user.click(webSearchSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(T.noWebSearchModel);
    expect(webSearchSwitch().checked).toBe(false);
    expect(screen.getByTestId('next-message-cost').textContent).toBe('Next message: 2 credits');

    const stream = test.nextReply();
    await test.user.type(test.input(), 'Hello{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({
      modelId: LLAMA.id,
      prompt: 'Hello',
      image: null,
      pdf: null,
      enableWebSearch: false,
      toolName: 'chat-agent',
    });
    stream.close();
  });

  it('refuses a non-image, a non-PDF and files over 10 MB with the spec texts', async () => {
    const test = setup();
    await choose(test, GPT.name);
    const imageInput = screen.getByTestId('attach-image-input') as HTMLInputElement;
    const pdfInput = screen.getByTestId('attach-pdf-input') as HTMLInputElement;
    await test.user.upload(imageInput, pdfFile());
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid image file');
    await test.user.upload(pdfInput, pngFile('photo.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid PDF file');
    const huge = new File([new Uint8Array(8)], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await test.user.upload(imageInput, huge);
    expect((await screen.findByRole('alert')).textContent).toBe('Image file size must be less than 10MB');
    expect(screen.queryByTestId('attached-image')).toBeNull();
  });

  it('sends an image and a PDF to a vision model, shows them on the question, and Regenerate resends them', async () => {
    const test = setup();
    await choose(test, GPT.name);
    const first = test.nextReply();
    await test.user.upload(screen.getByTestId('attach-image-input') as HTMLInputElement, pngFile('cat.png'));
    await test.user.upload(screen.getByTestId('attach-pdf-input') as HTMLInputElement, pdfFile());
    await screen.findByTestId('attached-pdf');
    await test.user.type(test.input(), 'What is in the picture?{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    const body = test.requestsTo('POST', SEND)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      modelId: GPT.id,
      imageName: 'cat.png',
      pdfName: 'paper.pdf',
      enableWebSearch: false,
    });
    expect(body.image).toMatch(/^data:image\/png;base64,/);
    expect(body.pdf).toMatch(/^data:application\/pdf;base64,/);
    expect(screen.getByRole('img', { name: 'cat.png' })).toBeTruthy();
    expect(screen.getByTestId('turn-pdf').textContent).toContain('paper.pdf');
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'A **cat** on a sofa.' },
      { type: 'done', status: 'completed', remainingCredits: 48 },
    );
    first.close();
    const reply = await screen.findByRole('article', { name: GPT.name });
    expect(within(reply).getByText('cat').tagName).toBe('STRONG');
    expect(test.onCreditsChange).toHaveBeenCalledWith(48);

    const second = test.nextReply();
    await test.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    const again = test.requestsTo('POST', SEND)[1]!.body as Record<string, unknown>;
    expect(again).toMatchObject({
      sessionId: SESSION_ID,
      modelId: GPT.id,
      prompt: 'What is in the picture?',
    });
    expect(again.image).toMatch(/^data:image\/png;base64,/);
    second.close();
  });
});

describe('Chat Agent: web search', () => {
  it('costs 7 with web search, sends it, and shows the sources as numbered links', async () => {
    const test = setup();
    await choose(test, GPT.name);
    expect(screen.getByText('+5 credits')).toBeTruthy();
    await test.user.click(webSearchSwitch());
    expect(webSearchSwitch().checked).toBe(true);
    expect(screen.getByTestId('next-message-cost').textContent).toBe('Next message: 7 credits');
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Latest news?{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({ enableWebSearch: true });
    const citations = [
      { url: 'https://news.example.com/a', title: 'Story A' },
      { url: 'https://other.example.org/b' },
    ];
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Rates fell [1], markets rose [2]. In code: `a[1]`.' },
      { type: 'sources', citations },
      { type: 'done', status: 'completed', remainingCredits: 43 },
    );
    stream.close();
    const sources = await screen.findByRole('region', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(citations.map((c) => c.url));
    expect(links.map((link) => link.textContent)).toEqual(['1Story A', '2other.example.org']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    // The [n] markers in the answer link to their source; inside code they stay code.
    const marker = screen.getByRole('link', { name: 'Source 2: other.example.org' });
    expect(marker.textContent).toBe('[2]');
    expect(marker.getAttribute('href')).toBe('https://other.example.org/b');
    expect(screen.getByText('a[1]').tagName).toBe('CODE');
  });

  it('below the cost shows the spec text with the required credits and refuses to send', async () => {
    const test = setup({ credits: 5 });
    await choose(test, GPT.name);
    await test.user.click(webSearchSwitch());
    expect(await screen.findByText(insufficientCreditsChatAgent(7))).toBeTruthy();
    expect(insufficientCreditsChatAgent(7)).toBe(
      'Insufficient credits. 7 credits required (2 base + 5 for web search).',
    );
    await test.user.type(test.input(), 'Search this{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
    // Without web search 2 credits are enough.
    await test.user.click(webSearchSwitch());
    expect(screen.queryByText(insufficientCreditsChatAgent(7))).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it('below 2 credits says so even without web search', async () => {
    const test = setup({ credits: 1 });
    await choose(test, LLAMA.name);
    expect(await screen.findByText(ERROR_TEXTS.validation.insufficientCreditsChatAgentBase)).toBeTruthy();
    await test.user.type(test.input(), 'Hi{Enter}');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });
});

describe('Chat Agent: sessions', () => {
  const stored = makeSession({ id: SESSION_ID, title: 'Cat photo', model_id: 'anthropic/claude-sonnet-4' });

  function withStoredSession(test: Test) {
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [
          makeMessage({
            role: 'user',
            content: 'What is this?',
            attachments: [
              {
                kind: 'image',
                url: '/api/chat/files/owner/a.png?exp=1&sig=x',
                contentType: 'image/png',
                name: 'cat.png',
                size: 1200,
              },
              {
                kind: 'pdf',
                url: '/api/chat/files/owner/b.pdf?exp=1&sig=y',
                contentType: 'application/pdf',
                name: 'notes.pdf',
                size: 5000,
              },
            ],
          }),
          makeMessage({
            content: 'A cat, see [1].',
            model_name: 'anthropic/claude-sonnet-4',
            status: 'completed',
            citations: [{ url: 'https://cats.example.com/', title: 'Cats' }],
          }),
        ],
      }),
    );
  }

  it('opening a session restores its model and shows its attachments and sources', async () => {
    const test = setup({ sessions: sessionsPage([stored]) });
    withStoredSession(test);
    await test.user.click(await screen.findByRole('button', { name: /^Cat photo/ }));
    expect(await screen.findByText(/A cat, see/)).toBeTruthy();
    expect(screen.getByTestId('chosen-model').textContent).toContain('Claude 4 Sonnet');
    const image = screen.getByRole('img', { name: 'cat.png' });
    expect(image.getAttribute('src')).toBe('/api/chat/files/owner/a.png?exp=1&sig=x');
    expect(screen.getByTestId('turn-pdf').closest('a')?.getAttribute('href')).toBe(
      '/api/chat/files/owner/b.pdf?exp=1&sig=y',
    );
    expect(screen.getByRole('link', { name: 'Source 1: Cats' }).textContent).toBe('[1]');

    // A follow-up goes to the same session with the restored model.
    const stream = test.nextReply();
    await test.user.type(test.input(), 'And the colour?{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({
      sessionId: SESSION_ID,
      modelId: 'anthropic/claude-sonnet-4',
    });
    stream.close();
  });

  it('choosing a model clears the open session', async () => {
    const test = setup({ sessions: sessionsPage([stored]) });
    withStoredSession(test);
    await test.user.click(await screen.findByRole('button', { name: /^Cat photo/ }));
    await screen.findByText(/A cat, see/);
    await test.user.click(screen.getByRole('button', { name: 'Change model' }));
    await choose(test, GPT.name);
    expect(screen.queryByText(/A cat, see/)).toBeNull();
    expect(screen.getByText(T.agentEmpty)).toBeTruthy();
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Fresh start{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    const body = test.requestsTo('POST', SEND)[0]!.body as Record<string, unknown>;
    expect(body.sessionId).toBeUndefined();
    expect(body.modelId).toBe(GPT.id);
    stream.close();
  });

  it('deleting the open session asks with the spec text and returns to the grid', async () => {
    let deleted = false;
    const test = setup({ sessions: () => sessionsPage(deleted ? [] : [stored]) });
    withStoredSession(test);
    test.on(`DELETE ${SESSIONS}/${SESSION_ID}`, () => {
      deleted = true;
      return json({ success: true });
    });
    await test.user.click(await screen.findByRole('button', { name: /^Cat photo/ }));
    await screen.findByText(/A cat, see/);
    await test.user.click(screen.getByRole('button', { name: 'Delete conversation: Cat photo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(deleteSessionConfirm('chat'))).toBeTruthy();
    await test.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByTestId('chat-model')).toHaveLength(8);
    expect(screen.queryByText(/A cat, see/)).toBeNull();
  });

  it('a new session goes into the list; Esc stops the reply', async () => {
    let created = false;
    const test = setup({
      sessions: () => sessionsPage(created ? [makeSession({ id: SESSION_ID, title: 'Hello there' })] : []),
    });
    test.on('POST /api/chat/stop', () => json({ success: true }));
    await choose(test, GPT.name);
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Hello there{Enter}');
    created = true;
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Hi' },
    );
    expect(await screen.findByRole('button', { name: /^Hello there/ })).toBeTruthy();
    fireEvent.keyDown(test.input(), { key: 'Escape' });
    await waitFor(() =>
      expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID }),
    );
    await emit(stream, { type: 'done', status: 'stopped', remainingCredits: 48 });
    stream.close();
    expect(await screen.findByText('Stopped')).toBeTruthy();
    // Words had arrived: the reply says the stop is charged (docs/charges.md).
    expect(screen.getByTestId('reply-charge').textContent).toBe(T.chargedStopped);
  });

  it('a reply the provider broke off keeps its words, says it failed and that it was not charged', async () => {
    const test = setup();
    await choose(test, GPT.name);
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Hello there{Enter}');
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'partial word0 ' },
      {
        type: 'error',
        error: ERROR_TEXTS.chat.sendMessage,
        code: 'PROVIDER_FAILED',
        remainingCredits: 50,
      },
    );
    stream.close();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', ERROR_TEXTS.chat.sendMessage);
    expect(screen.getByText(/partial word0/)).toBeTruthy();
    expect(screen.getByTestId('reply-charge').textContent).toBe(T.notCharged);
  });

  it('Enter sends, Shift+Enter adds a line; renaming and searching the list work as on the other chats', async () => {
    const test = setup({
      sessions: (request) => {
        const q = new URL(request.url, 'http://x').searchParams.get('q');
        return sessionsPage(q === 'zebra' ? [] : [stored]);
      },
    });
    test.on(`PATCH ${SESSIONS}/${SESSION_ID}`, () =>
      json({ success: true, session: { ...stored, title: 'Cat facts' } }),
    );
    await test.user.click(await screen.findByRole('button', { name: 'Rename: Cat photo' }));
    const title = screen.getByRole('textbox', { name: 'Conversation title' });
    await test.user.clear(title);
    await test.user.type(title, 'Cat facts{Enter}');
    expect(await screen.findByRole('button', { name: /^Cat facts/ })).toBeTruthy();
    expect(test.requestsTo('PATCH', `${SESSIONS}/${SESSION_ID}`)[0]!.body).toEqual({ title: 'Cat facts' });
    await test.user.type(screen.getByPlaceholderText('Search chats'), 'zebra');
    expect(await screen.findByText('No conversations match your search.')).toBeTruthy();

    await choose(test, GPT.name);
    await test.user.type(test.input(), 'one{Shift>}{Enter}{/Shift}two');
    expect(test.input().value).toBe('one\ntwo');
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
    const stream = test.nextReply();
    await test.user.keyboard('{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({ prompt: 'one\ntwo' });
    stream.close();
  });

  it('shows the members-only prompt to a guest', () => {
    setup({ user: null });
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });
});

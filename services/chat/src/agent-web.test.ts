// Chat Agent and AI Web Chat over HTTP (issue 11): real PostgreSQL, NATS, credits and the local S3; the fake
// OpenAI-compatible provider records every body it receives (parts, plugins) and answers with web search
// annotations; web pages come from local test servers that count their connections, and a resolver the test
// controls stands for DNS. Money is read back from credits itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  LIMITS,
  insufficientCreditsChatAgent,
  type ChatMessage,
  type ChatStreamEvent,
  type Citation,
} from '@act/contracts';
import {
  callJson,
  dataUrl,
  expectOwnerOnly,
  makeGif,
  makeGarbagePdf,
  makePdf,
  makePng,
  startTestPages,
  TEST_ARTICLE,
  TEST_PDF_PAGES,
  TEST_PLAIN_TEXT,
  type FakeOpenAi,
  type TestJwks,
  type CreditsProcess,
  type TestPages,
} from '@act/service-kit/testing';
import {
  postStream,
  startChatTestBed,
  startReplica,
  type ChatTestBed,
  type Replica,
} from './test-support/test-bed';

const AGENT = '/api/chat/chat-agent/send-message';
const AGENT_MESSAGES = '/api/chat/chat-agent/messages';
const AGENT_SESSIONS = '/api/chat/chat-agent/sessions';
const WEB = '/api/chat/ai-web-chat';
const WEB_MESSAGES = '/api/chat/ai-web-chat-messages';
const WEB_SESSIONS = '/api/chat/ai-web-chat-sessions';

let bed: ChatTestBed;
let jwks: TestJwks;
let credits: CreditsProcess;
let fake: FakeOpenAi;
let chat: Replica;
let pages: TestPages;
/** Reads loopback pages (as the e2e configuration does); everything else is as in production. */
let loopbackChat: Replica;
/** The same without a provider key. */
let keylessChat: Replica;
/** Names resolved by the test: a public-looking name that points at 127.0.0.1 among them. */
let resolvedChat: Replica;

const RESOLVER = async (hostname: string) => {
  const table: Record<string, string> = {
    'news.example-public.com': '127.0.0.1',
    'metadata.example-public.com': '169.254.169.254',
  };
  const address = table[hostname];
  if (!address) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address, family: 4 as const }];
};

beforeAll(async () => {
  bed = await startChatTestBed('chat_agent_web');
  ({ jwks, credits, fake, chat } = bed);
  pages = await startTestPages();
  const shared = { jwks, credits, sql: bed.sql, outbox: bed.outbox, fake };
  loopbackChat = await startReplica({ ...shared, webFetch: { allowLoopback: true } });
  keylessChat = await startReplica({ ...shared, noProvider: true, webFetch: { allowLoopback: true } });
  resolvedChat = await startReplica({ ...shared, webFetch: { resolve: RESOLVER } });
}, 90_000);

afterAll(async () => {
  for (const replica of [loopbackChat, keylessChat, resolvedChat]) await replica?.close();
  await pages?.close();
  await bed?.close();
}, 30_000);

beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'stream', chunks: ['An answer.'] });
});

async function newMember(): Promise<string> {
  const token = await jwks.tokenFor(randomUUID());
  expect(await credits.balanceOf(token)).toBe(50);
  return token;
}

const settled = (token: string) => bed.settled(token);

/** The balance and the usage history, its entries sorted (two uses in the same second have no fixed order). */
async function settledSorted(token: string) {
  const { balance, history } = await settled(token);
  return { balance, history: [...history].sort((a, b) => a[1] - b[1]) };
}

type Part = {
  type: string;
  text?: string;
  image_url?: { url: string };
  file?: { filename?: string; file_data?: string };
};

/** The content parts of the last message the provider received. */
function lastUserParts(index = 0): Part[] {
  const messages = fake.requests[index]!.body.messages;
  const content = messages[messages.length - 1]!.content;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Part[]);
}

describe('chat agent', () => {
  it('sends an image as an image part and a PDF as a file part, stores both and shows them in the history', async () => {
    const token = await newMember();
    const png = await makePng({ width: 40, height: 30 });
    const pdf = makePdf(['Quarterly report: sales rose by 12 percent.']);
    const reply = await callJson(chat.url, 'POST', AGENT, {
      token,
      body: {
        prompt: 'What do these show?',
        modelId: 'openai/gpt-4o-mini',
        image: dataUrl(png),
        imageName: 'chart.png',
        pdf: dataUrl(pdf, 'application/pdf'),
        pdfName: 'report.pdf',
        toolName: 'chat-agent',
      },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, response: 'An answer.', remainingCredits: 48 },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.model).toBe('agent/openai/gpt-4o-mini');
    expect(fake.requests[0]!.body.plugins).toBeUndefined();
    expect(lastUserParts()).toEqual([
      { type: 'text', text: 'What do these show?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      {
        type: 'file',
        file: { filename: 'report.pdf', file_data: `data:application/pdf;base64,${pdf.toString('base64')}` },
      },
    ]);
    expect(await settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });

    // The session keeps its model; the member's message shows both files through signed URLs that serve them.
    const sessionId = reply.body.sessionId as string;
    const sessions = await callJson(chat.url, 'GET', AGENT_SESSIONS, { token });
    expect(sessions.body.sessions).toEqual([
      expect.objectContaining({
        id: sessionId,
        model_id: 'openai/gpt-4o-mini',
        title: 'What do these show?',
      }),
    ]);
    const messages = await callJson(chat.url, 'GET', `${AGENT_MESSAGES}?sessionId=${sessionId}`, { token });
    const [user, assistant] = messages.body.messages as Array<Record<string, unknown>>;
    expect(assistant).toMatchObject({
      role: 'assistant',
      model_name: 'openai/gpt-4o-mini',
      content: 'An answer.',
    });
    const attachments = user!.attachments as Array<{ kind: string; url: string; name: string; size: number }>;
    expect(attachments.map(({ kind, name, size }) => ({ kind, name, size }))).toEqual([
      { kind: 'image', name: 'chart.png', size: png.length },
      { kind: 'pdf', name: 'report.pdf', size: pdf.length },
    ]);
    const served = await fetch(`${chat.url}${attachments[0]!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const forged = await fetch(`${chat.url}${attachments[0]!.url.replace(/sig=[^&]+/, 'sig=forged')}`);
    expect(forged.status).toBe(403);

    // A follow-up sends the earlier attachments again, so the model still sees them.
    fake.reset();
    await callJson(chat.url, 'POST', AGENT, {
      token,
      body: { sessionId, prompt: 'And the colours?', modelId: 'openai/gpt-4o-mini' },
    });
    const followUp = fake.requests[0]!.body.messages;
    expect(followUp.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect((followUp[0]!.content as Part[]).map((p) => p.type)).toEqual(['text', 'image_url', 'file']);

    // Deleting the session deletes the files: their URLs stop serving them.
    expect((await callJson(chat.url, 'DELETE', `${AGENT_SESSIONS}/${sessionId}`, { token })).status).toBe(
      200,
    );
    expect((await fetch(`${chat.url}${attachments[0]!.url}`)).status).toBe(404);
  });

  it('sends a PDF as its extracted text where the endpoint takes no file parts', async () => {
    const textChat = await startReplica({
      jwks,
      credits,
      sql: bed.sql,
      outbox: bed.outbox,
      fake,
      pdfInput: 'text',
    });
    try {
      const token = await newMember();
      const reply = await callJson(textChat.url, 'POST', AGENT, {
        token,
        body: {
          prompt: 'Summarise',
          modelId: 'anthropic/claude-sonnet-4',
          pdf: dataUrl(
            makePdf(['Minutes of the May meeting.', 'The budget was approved.']),
            'application/pdf',
          ),
          pdfName: 'minutes.pdf',
        },
      });
      expect(reply.status).toBe(200);
      expect(lastUserParts()).toEqual([
        { type: 'text', text: 'Summarise' },
        {
          type: 'text',
          text: 'Attached PDF "minutes.pdf" (its text):\n\nMinutes of the May meeting.\n\nThe budget was approved.',
        },
      ]);
    } finally {
      await textChat.close();
    }
  });

  it('refuses a GIF named .png, a 10.5 MB PDF, a PDF named .jpg and a PDF of garbage with 400, reserving nothing', async () => {
    const token = await newMember();
    const gif = await makeGif();
    const pdf = makePdf(['hello']);
    const bigPdf = Buffer.alloc(Math.round(10.5 * 1024 * 1024), 0x20);
    pdf.copy(bigPdf);
    const cases = [
      {
        body: { image: dataUrl(gif, 'image/png'), imageName: 'cat.png' },
        error: ERROR_TEXTS.validation.invalidChatImage,
      },
      { body: { pdf: dataUrl(bigPdf, 'application/pdf') }, error: ERROR_TEXTS.validation.pdfTooLarge },
      {
        body: { image: dataUrl(pdf, 'image/jpeg'), imageName: 'photo.jpg' },
        error: ERROR_TEXTS.validation.invalidChatImage,
      },
      // A PNG sent as the PDF is no PDF either.
      {
        body: { pdf: dataUrl(await makePng(), 'application/pdf') },
        error: ERROR_TEXTS.validation.invalidPdf,
      },
      // The red team's: the PDF magic number, then garbage that PDF.js cannot open.
      {
        body: { pdf: dataUrl(makeGarbagePdf(), 'application/pdf') },
        error: ERROR_TEXTS.validation.invalidPdf,
      },
    ];
    for (const { body, error } of cases) {
      const reply = await callJson(chat.url, 'POST', AGENT, {
        token,
        body: { prompt: 'Look', modelId: 'openai/gpt-4o-mini', ...body },
      });
      expect(reply, error).toMatchObject({ status: 400, body: { success: false, error } });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
    expect((await callJson(chat.url, 'GET', AGENT_SESSIONS, { token })).body.sessions).toEqual([]);
  });

  it('refuses an image, a PDF or web search for a model without them, before anything is reserved', async () => {
    const token = await newMember();
    const png = dataUrl(await makePng());
    for (const [body, error] of [
      [{ image: png }, ERROR_TEXTS.validation.modelNoVision],
      [{ pdf: dataUrl(makePdf(['x']), 'application/pdf') }, ERROR_TEXTS.validation.modelNoPdf],
      [{ enableWebSearch: true }, ERROR_TEXTS.validation.modelNoWebSearch],
    ] as const) {
      const reply = await callJson(chat.url, 'POST', AGENT, {
        token,
        body: { prompt: 'Look', modelId: 'meta-llama/llama-3-70b-instruct', ...body },
      });
      expect(reply).toMatchObject({ status: 400, body: { error } });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
    // Text alone goes to that model.
    const plain = await callJson(chat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'Hello', modelId: 'meta-llama/llama-3-70b-instruct' },
    });
    expect(plain.status).toBe(200);
    expect(fake.requests[0]!.body.model).toBe('agent/meta-llama/llama-3-70b-instruct');
  });

  it('searches the web for 2 + 5 credits through the web plugin and returns its sources numbered', async () => {
    const token = await newMember();
    const results = [
      { url: 'https://news.example.org/tides', title: 'Tides today', content: 'High water at 06:42.' },
      { url: 'https://weather.example.org/coast', title: 'Coastal weather' },
    ];
    fake.script({
      kind: 'stream',
      chunks: ['High water is at 06:42 [1]', ', calm seas [2].'],
      annotations: results,
    });
    const reply = await callJson(chat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'When is high water?', modelId: 'anthropic/claude-sonnet-4', enableWebSearch: true },
    });
    expect(reply.body).toMatchObject({
      success: true,
      response: 'High water is at 06:42 [1], calm seas [2].',
      citations: [
        { url: 'https://news.example.org/tides', title: 'Tides today', quote: 'High water at 06:42.' },
        { url: 'https://weather.example.org/coast', title: 'Coastal weather' },
      ],
      remainingCredits: 43,
    });
    expect(fake.requests[0]!.body.plugins).toEqual([{ id: 'web' }]);
    expect(await settled(token)).toEqual({ balance: 43, history: [['chat-agent', 7]] });
    const sessionId = reply.body.sessionId as string;
    const messages = await callJson(chat.url, 'GET', `${AGENT_MESSAGES}?sessionId=${sessionId}`, { token });
    expect((messages.body.messages as ChatMessage[])[1]!.citations).toHaveLength(2);

    // Streamed: the sources arrive as their own event.
    fake.script({ kind: 'stream', chunks: ['Sunny [1].'], annotations: [results[1]!] });
    const stream = await postStream(
      chat.url,
      AGENT,
      { sessionId, prompt: 'And the weather?', modelId: 'anthropic/claude-sonnet-4', enableWebSearch: true },
      token,
    );
    await stream.ended;
    const sources = stream.events.find((event) => event.type === 'sources') as Extract<
      ChatStreamEvent,
      { type: 'sources' }
    >;
    expect(sources.citations).toEqual([
      { url: 'https://weather.example.org/coast', title: 'Coastal weather' },
    ]);
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'completed', remainingCredits: 36 });
  });

  it('refuses web search the balance cannot cover with the spec text, and plain messages with ours', async () => {
    const token = await newMember();
    // 50 → 1 after seven searches: neither 7 nor 2 can be held.
    for (let i = 0; i < 7; i += 1) {
      const reply = await callJson(chat.url, 'POST', AGENT, {
        token,
        body: { prompt: `q${i}`, modelId: 'openai/gpt-4o-mini', enableWebSearch: true },
      });
      expect(reply.status).toBe(200);
    }
    const refused = await callJson(chat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'one more', modelId: 'openai/gpt-4o-mini', enableWebSearch: true },
    });
    expect(refused).toMatchObject({
      status: 402,
      body: {
        code: 'INSUFFICIENT_CREDITS',
        error: 'Insufficient credits. 7 credits required (2 base + 5 for web search).',
      },
    });
    expect(refused.body.error).toBe(insufficientCreditsChatAgent(7));
    const plain = await callJson(chat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'p', modelId: 'openai/gpt-4o-mini' },
    });
    expect(plain).toMatchObject({
      status: 402,
      body: { error: ERROR_TEXTS.validation.insufficientCreditsChatAgentBase },
    });
    expect((await settled(token)).balance).toBe(1);
  });

  it('stops a streamed answer: the words so far are kept and charged once, Stop reaching the provider', async () => {
    const token = await newMember();
    fake.script({ kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), chunkDelayMs: 50 });
    const stream = await postStream(
      chat.url,
      AGENT,
      { prompt: 'Go on', modelId: 'mistralai/mistral-nemo' },
      token,
    );
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    const closed = fake.whenClientCloses();
    const stop = await callJson(chat.url, 'POST', '/api/chat/stop', {
      token,
      body: { messageId: start.messageId },
    });
    expect(stop.status).toBe(200);
    await closed;
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped', remainingCredits: 48 });
    const messages = await callJson(chat.url, 'GET', `${AGENT_MESSAGES}?sessionId=${start.sessionId}`, {
      token,
    });
    expect((messages.body.messages as ChatMessage[])[1]).toMatchObject({
      status: 'stopped',
      model_name: 'mistralai/mistral-nemo',
    });
    expect(await settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });
  });

  it('without a provider key answers 503 in plain words and reserves nothing', async () => {
    const token = await newMember();
    const reply = await callJson(keylessChat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'Hello', modelId: 'openai/gpt-4o-mini' },
    });
    expect(reply).toMatchObject({
      status: 503,
      body: { code: 'PROVIDER_UNAVAILABLE', error: ERROR_TEXTS.chat.providerKeyMissing },
    });
    expect(fake.requests).toHaveLength(0);
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('web chat: reading pages safely', () => {
  it('refuses private, local and non-web addresses and a 50 MB page, charging nothing and never connecting to them', async () => {
    const token = await newMember();
    const secretPort = new URL(pages.secretOrigin).port;
    const refusals: Array<[Replica, string, string]> = [
      [chat, `http://127.0.0.1:${secretPort}/`, ERROR_TEXTS.chat.webPageBlocked],
      [chat, `http://[::1]:${secretPort}/`, ERROR_TEXTS.chat.webPageBlocked],
      [chat, 'http://169.254.169.254/latest/meta-data/', ERROR_TEXTS.chat.webPageBlocked],
      [chat, 'http://10.0.0.1/', ERROR_TEXTS.chat.webPageBlocked],
      [chat, `http://localhost:${secretPort}/`, ERROR_TEXTS.chat.webPageBlocked],
      // A public-looking name whose address is 127.0.0.1 (the test's resolver stands for DNS).
      [resolvedChat, `http://news.example-public.com:${secretPort}/`, ERROR_TEXTS.chat.webPageBlocked],
      [resolvedChat, 'http://metadata.example-public.com/', ERROR_TEXTS.chat.webPageBlocked],
      // A local test page (readable only where loopback is allowed) redirecting to private addresses.
      [loopbackChat, pages.redirectTo('http://10.0.0.1/'), ERROR_TEXTS.chat.webPageBlocked],
      [
        loopbackChat,
        pages.redirectTo('http://169.254.169.254/latest/meta-data/'),
        ERROR_TEXTS.chat.webPageBlocked,
      ],
      [loopbackChat, pages.url('/huge'), ERROR_TEXTS.chat.webPageTooLarge],
      [loopbackChat, pages.url('/image.png'), ERROR_TEXTS.chat.webPageType],
      [chat, `http://example.com:22/`, ERROR_TEXTS.chat.webPagePort],
    ];
    for (const [replica, url, error] of refusals) {
      const reply = await callJson(replica.url, 'POST', WEB, {
        token,
        body: { prompt: 'INITIAL_SETUP', url },
      });
      expect(reply, url).toMatchObject({
        status: 400,
        body: { success: false, code: 'VALIDATION_FAILED', error },
      });
    }
    // file: and gopher: are not web addresses at all: the spec's URL text.
    for (const url of ['file:///etc/passwd', `gopher://127.0.0.1:${secretPort}/_`]) {
      const reply = await callJson(chat.url, 'POST', WEB, { token, body: { prompt: 'INITIAL_SETUP', url } });
      expect(reply).toMatchObject({
        status: 400,
        body: { error: 'Please enter a valid website URL (e.g., https://example.com)' },
      });
    }
    expect(pages.connections().secret).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
    expect((await callJson(chat.url, 'GET', WEB_SESSIONS, { token })).body.sessions).toEqual([]);
  });

  it('reads a local page only where loopback is allowed (tests and e2e), never by default', async () => {
    const token = await newMember();
    const refused = await callJson(chat.url, 'POST', WEB, {
      token,
      body: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.chat.webPageBlocked } });
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('web chat: answers grounded in the page', () => {
  it('reads a local page, answers citing it with #:~:text= links, and charges 6 to start and 2 per follow-up', async () => {
    const token = await newMember();
    const url = pages.url('/article');
    fake.script({
      kind: 'stream',
      chunks: ['Built in 1852 from island granite [', '1]. Three keepers [2', '][1].'],
    });
    const start = await callJson(loopbackChat.url, 'POST', WEB, {
      token,
      body: { prompt: 'INITIAL_SETUP', url, toolName: 'ai-web-chat' },
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      success: true,
      local: false,
      url,
      title: TEST_ARTICLE.title,
      remainingCredits: 44,
    });
    // The model read the article's text (not the navigation, footer or script) as numbered passages.
    const system = fake.requests[0]!.body.messages[0]!;
    expect(system.role).toBe('system');
    for (const paragraph of TEST_ARTICLE.paragraphs) expect(system.content).toContain(paragraph);
    expect(system.content).not.toContain('Contact us');
    expect(system.content).not.toContain('must never run');
    // [1] and [2] of the model point at its passages 1 and 2; the member sees them numbered by first use.
    const citations = start.body.citations as Citation[];
    expect(start.body.response).toBe('Built in 1852 from island granite [1]. Three keepers [2][1].');
    expect(citations).toHaveLength(2);
    expect(citations[0]!.url.startsWith(`${url}#:~:text=`)).toBe(true);
    expect(citations[0]).toMatchObject({ title: TEST_ARTICLE.title });
    expect(TEST_ARTICLE.paragraphs.some((p) => citations[0]!.quote === p)).toBe(true);
    expect(await settled(token)).toEqual({ balance: 44, history: [['ai-web-chat', 6]] });

    // A follow-up: the page is not fetched again, the most related passage comes first, and it costs 2.
    const sessionId = start.body.sessionId as string;
    const before = pages.connections().pages;
    fake.script({ kind: 'stream', chunks: ['It was automated in 1987 [1].'] });
    const followUp = await postStream(
      loopbackChat.url,
      WEB,
      { sessionId, prompt: 'When was the light automated?' },
      token,
    );
    await followUp.ended;
    expect(pages.connections().pages).toBe(before);
    const followSystem = fake.requests[1]!.body.messages[0]!.content as string;
    expect(followSystem.indexOf('[1] The light was automated in 1987')).toBeGreaterThan(0);
    const sources = followUp.events.find((e) => e.type === 'sources') as Extract<
      ChatStreamEvent,
      { type: 'sources' }
    >;
    expect(sources.citations[0]!.quote).toBe(TEST_ARTICLE.paragraphs[3]);
    expect(decodeURIComponent(sources.citations[0]!.url)).toContain(
      '#:~:text=The light was automated in,supply boat to the mainland.',
    );
    expect(followUp.events.at(-1)).toMatchObject({ type: 'done', status: 'completed', remainingCredits: 42 });
    expect(await settledSorted(token)).toEqual({
      balance: 42,
      history: [
        ['ai-web-chat', 2],
        ['ai-web-chat', 6],
      ],
    });

    // The session is titled by the page, keeps its address, and its messages keep their sources.
    const sessions = await callJson(loopbackChat.url, 'GET', WEB_SESSIONS, { token });
    expect(sessions.body.sessions).toEqual([
      expect.objectContaining({ id: sessionId, url, title: TEST_ARTICLE.title }),
    ]);
    const messages = await callJson(loopbackChat.url, 'GET', `${WEB_MESSAGES}?sessionId=${sessionId}`, {
      token,
    });
    expect((messages.body.messages as ChatMessage[]).map((m) => [m.role, m.content])).toEqual([
      ['user', url],
      ['assistant', 'Built in 1852 from island granite [1]. Three keepers [2][1].'],
      ['user', 'When was the light automated?'],
      ['assistant', 'It was automated in 1987 [1].'],
    ]);
    expect((messages.body.messages as ChatMessage[])[3]!.citations).toEqual(sources.citations);

    // "Tell me more" matches no passage: the previous question finds them.
    fake.script({ kind: 'stream', chunks: ['More [1].'] });
    const more = await callJson(loopbackChat.url, 'POST', WEB, {
      token,
      body: { sessionId, prompt: 'Tell me more' },
    });
    expect(more.status).toBe(200);
    expect(fake.requests[2]!.body.messages[0]!.content).toContain('[1] The light was automated in 1987');
  });

  it('reads plain-text and PDF pages too', async () => {
    const token = await newMember();
    for (const [path, expected] of [
      ['/tides.txt', 'High water on the first of May is at 06:42 and 19:05.'],
      ['/guide.pdf', TEST_PDF_PAGES[1]],
    ] as const) {
      fake.reset();
      const reply = await callJson(loopbackChat.url, 'POST', WEB, {
        token,
        body: { prompt: 'INITIAL_SETUP', url: pages.url(path) },
      });
      expect(reply.status, path).toBe(200);
      expect(fake.requests[0]!.body.messages[0]!.content).toContain(expected);
    }
    expect(TEST_PLAIN_TEXT).toContain('Tide tables');
  });

  it('answers locally without a provider key: the best passages quoted and cited, labelled, at the same price', async () => {
    const token = await newMember();
    const start = await callJson(keylessChat.url, 'POST', WEB, {
      token,
      body: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
    });
    expect(start.body).toMatchObject({ success: true, local: true, remainingCredits: 44 });
    expect(start.body.response).toContain(TEST_ARTICLE.paragraphs[0]);
    const answer = await postStream(
      keylessChat.url,
      WEB,
      { sessionId: start.body.sessionId, prompt: 'Who was the last keeper?' },
      token,
    );
    await answer.ended;
    expect(answer.events[0]).toMatchObject({ type: 'start', local: true });
    const text = answer.events
      .filter((e) => e.type === 'delta')
      .map((e) => (e as { text: string }).text)
      .join('');
    expect(text).toContain(`> ${TEST_ARTICLE.paragraphs[3]} [1]`);
    const sources = answer.events.find((e) => e.type === 'sources') as Extract<
      ChatStreamEvent,
      { type: 'sources' }
    >;
    expect(sources.citations[0]!.quote).toBe(TEST_ARTICLE.paragraphs[3]);
    expect(answer.events.at(-1)).toMatchObject({ type: 'done', status: 'completed', remainingCredits: 42 });
    expect(fake.requests).toHaveLength(0);
    expect(await settledSorted(token)).toEqual({
      balance: 42,
      history: [
        ['ai-web-chat', 2],
        ['ai-web-chat', 6],
      ],
    });
    const messages = await callJson(
      keylessChat.url,
      'GET',
      `${WEB_MESSAGES}?sessionId=${start.body.sessionId}`,
      { token },
    );
    expect((messages.body.messages as ChatMessage[])[3]).toMatchObject({ role: 'assistant', local: true });
  });

  it('asks for a question and a session, and refuses a follow-up the balance cannot cover', async () => {
    const token = await newMember();
    const empty = await callJson(loopbackChat.url, 'POST', WEB, {
      token,
      body: { prompt: '  ', sessionId: randomUUID() },
    });
    expect(empty).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.validation.enterYourQuestion } });
    const noSession = await callJson(loopbackChat.url, 'POST', WEB, { token, body: { prompt: 'Why?' } });
    expect(noSession).toMatchObject({
      status: 400,
      body: { error: ERROR_TEXTS.validation.noActiveChatSession },
    });
    const unknown = await callJson(loopbackChat.url, 'POST', WEB, {
      token,
      body: { prompt: 'Why?', sessionId: randomUUID() },
    });
    expect(unknown.status).toBe(404);

    // 50 → 2 after eight starts → 0 after a follow-up: a start needs 6 (the spec's text), a follow-up 2 (ours).
    const starts = [];
    for (let i = 0; i < 8; i += 1) {
      starts.push(
        await callJson(keylessChat.url, 'POST', WEB, {
          token,
          body: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
        }),
      );
    }
    expect(starts.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const sessionId = starts[0]!.body.sessionId as string;
    expect(
      (
        await callJson(keylessChat.url, 'POST', WEB, {
          token,
          body: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
        })
      ).body.error,
    ).toBe(ERROR_TEXTS.validation.insufficientCreditsWebChat);
    expect(
      (await callJson(keylessChat.url, 'POST', WEB, { token, body: { sessionId, prompt: 'Who?' } })).status,
    ).toBe(200);
    const broke = await callJson(keylessChat.url, 'POST', WEB, {
      token,
      body: { sessionId, prompt: 'Who?' },
    });
    expect(broke).toMatchObject({
      status: 402,
      body: { error: ERROR_TEXTS.validation.insufficientCreditsWebChatFollowUp },
    });
    expect((await settled(token)).balance).toBe(0);
    expect(LIMITS.webPageBytes).toBe(5 * 1024 * 1024);
  });
});

describe('agent and web chat sessions', () => {
  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it("are renamed and searched like every chat's, and another member's answer 404 as unknown ones", async () => {
    const owner = await newMember();
    const stranger = await jwks.tokenFor(randomUUID());
    const tools = [
      {
        base: AGENT_SESSIONS,
        messages: AGENT_MESSAGES,
        send: AGENT,
        create: { prompt: 'Lighthouse history', modelId: 'openai/gpt-4o-mini' },
        term: 'lighthouse',
      },
      {
        base: WEB_SESSIONS,
        messages: WEB_MESSAGES,
        send: WEB,
        create: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
        term: 'granite',
      },
    ];
    for (const tool of tools) {
      let created = '';
      await expectOwnerOnly({
        async createAsOwner() {
          const reply = await callJson(keylessOrChat(tool.send), 'POST', tool.send, {
            token: owner,
            body: tool.create,
          });
          expect(reply.status).toBe(200);
          created = reply.body.sessionId as string;
          return created;
        },
        async ownerView(id) {
          const reply = await callJson(loopbackChat.url, 'GET', `${tool.messages}?sessionId=${id}`, {
            token: owner,
          });
          if (reply.status !== 200) throw new Error(`gone: ${reply.status}`);
          return reply.body.messages;
        },
        asStranger: {
          messages: (id) => fetch(`${loopbackChat.url}${tool.messages}?sessionId=${id}`, auth(stranger)),
          delete: (id) =>
            fetch(`${loopbackChat.url}${tool.base}/${id}`, { ...auth(stranger), method: 'DELETE' }),
          rename: (id) =>
            fetch(`${loopbackChat.url}${tool.base}/${id}`, {
              method: 'PATCH',
              headers: { ...auth(stranger).headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: 'taken' }),
            }),
        },
      });
      const renamed = await callJson(loopbackChat.url, 'PATCH', `${tool.base}/${created}`, {
        token: owner,
        body: { title: 'Renamed' },
      });
      expect(renamed.body).toMatchObject({ success: true, session: { id: created, title: 'Renamed' } });
      // Found by words of its messages, not found by others.
      const found = await callJson(loopbackChat.url, 'GET', `${tool.base}?q=${tool.term}`, { token: owner });
      const missed = await callJson(loopbackChat.url, 'GET', `${tool.base}?q=zebra`, { token: owner });
      expect(missed.body.sessions).toEqual([]);
      expect(found.body.sessions).toEqual([expect.objectContaining({ id: created, title: 'Renamed' })]);
    }
    // The web chat's follow-up is refused on another member's session, reserving nothing.
    const mine = await callJson(keylessChat.url, 'POST', WEB, {
      token: owner,
      body: { prompt: 'INITIAL_SETUP', url: pages.url('/article') },
    });
    const hijack = await callJson(keylessChat.url, 'POST', WEB, {
      token: stranger,
      body: { sessionId: mine.body.sessionId, prompt: 'What is it about?' },
    });
    expect(hijack).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await settled(stranger)).toEqual({ balance: 50, history: [] });
  });
});

/** The agent needs the provider; the web chat reads the local page and answers locally (no provider needed). */
function keylessOrChat(path: string): string {
  return path === WEB ? keylessChat.url : loopbackChat.url;
}

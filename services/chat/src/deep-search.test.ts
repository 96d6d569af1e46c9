// Deep Search over HTTP (issue 24): real PostgreSQL, NATS and credits; the fake OpenAI-compatible provider plans and
// writes, a local fake search speaks SearXNG's and Brave's wire formats, and the pages are local test servers read
// through the web chat's safe reader (loopback allowed, as in the e2e configuration). Money is read back from credits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS, type ChatStreamEvent, type Citation } from '@act/contracts';
import { callJson, type ChatRequest, type FakeAnswer } from '@act/service-kit/testing';
import { createBraveSearchProvider, createSearxngProvider } from './deep-search/search-provider';
import { FAKE_BRAVE_KEY, startFakeSearch, type FakeSearch } from './test-support/fake-search';
import type { DeepSearchLimits } from './deep-search/research';
import {
  followStream,
  postStream,
  startChatTestBed,
  startReplica,
  type ChatTestBed,
  type Replica,
} from './test-support/test-bed';

const SEND = '/api/chat/deep-search';
const SESSIONS = '/api/chat/deep-search-sessions';
const MESSAGES = '/api/chat/deep-search-messages';
const STATUS = '/api/chat/deep-search/status';

const LIMITS: DeepSearchLimits = { maxSearches: 3, maxPages: 3, maxMs: 4_000, maxBytes: 8 * 1024 * 1024 };

let bed: ChatTestBed;
let search: FakeSearch;
let pages: { base: string; hits: string[]; close(): Promise<void> };
let searx: Replica;
let brave: Replica;
let keyless: Replica;

const article = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>` +
  Array.from(
    { length: 4 },
    (_, i) => `<p>${body} Paragraph ${i + 1} tells more about it in plain words.</p>`,
  ).join('') +
  '</article></body></html>';

async function startPages() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/tides') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(article('Tides', 'Tides are caused by the Moon.'));
    } else if (req.url === '/moon') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(article('The Moon', 'The Moon pulls on the oceans.'));
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body><p>${'x'.repeat(6 * 1024 * 1024)}</p></body></html>`);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const isPlan = (request: ChatRequest) => String(request.body.messages[0]?.content).startsWith('You plan');

/** The plan names two queries; the report cites the second and first sources. */
function answerWith(report: FakeAnswer) {
  bed.fake.setFallback((request) =>
    isPlan(request) ? { kind: 'stream', chunks: ['tides cause\n', '2. moon gravity oceans'] } : report,
  );
}

const goodResults = () => ({
  kind: 'results' as const,
  results: [
    { url: `${pages.base}/tides`, title: 'Tides', snippet: 'About tides' },
    { url: `${pages.base}/moon`, title: 'Moon', snippet: 'About the Moon' },
  ],
});

beforeAll(async () => {
  bed = await startChatTestBed('chat_deep_search');
  pages = await startPages();
  search = await startFakeSearch();
  const shared = { jwks: bed.jwks, credits: bed.credits, sql: bed.sql, outbox: bed.outbox, fake: bed.fake };
  const webFetch = { allowLoopback: true };
  searx = await startReplica({
    ...shared,
    webFetch,
    deepSearch: { search: createSearxngProvider(search.baseUrl), limits: LIMITS },
  });
  brave = await startReplica({
    ...shared,
    webFetch,
    deepSearch: { search: createBraveSearchProvider(FAKE_BRAVE_KEY, search.baseUrl), limits: LIMITS },
  });
  keyless = await startReplica({
    ...shared,
    noProvider: true,
    webFetch,
    deepSearch: { search: createSearxngProvider(search.baseUrl), limits: LIMITS },
  });
}, 90_000);

afterAll(async () => {
  for (const replica of [searx, brave, keyless]) await replica?.close();
  await search?.close();
  await pages?.close();
  await bed?.close();
}, 30_000);

beforeEach(() => {
  bed.fake.reset();
  search.queries.length = 0;
  pages.hits.length = 0;
  search.answer = goodResults;
  answerWith({ kind: 'stream', chunks: ['The Moon ', 'causes tides [2]. ', 'It pulls the seas [1].'] });
});

async function newMember(): Promise<string> {
  const token = await bed.jwks.tokenFor(randomUUID());
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return token;
}

describe('deep search', () => {
  it('streams its steps, writes a cited report from SearXNG results, charges 4 once and saves it', async () => {
    const token = await newMember();
    const stream = await postStream(searx.url, SEND, { question: 'Why are there tides?' }, token);
    const events = await stream.all();
    const steps = events.filter((event) => event.type === 'step');
    expect(steps[0]).toEqual({ type: 'step', step: 'planning' });
    expect(steps.filter((s) => s.step === 'searching').map((s) => s.detail)).toEqual([
      'tides cause',
      'moon gravity oceans',
    ]);
    expect(steps.filter((s) => s.step === 'reading').map((s) => s.detail)).toEqual([
      new URL(pages.base).host,
      new URL(pages.base).host,
    ]);
    expect(steps.at(-1)).toEqual({ type: 'step', step: 'writing' });
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 46 });
    expect(search.queries.map((q) => q.format)).toEqual(['searxng', 'searxng']);

    // The model read both pages, numbered; the member sees them renumbered by first use, each the exact page.
    const write = bed.fake.requests.find((request) => !isPlan(request))!;
    expect(write.body.model).toBe('up/deep');
    const system = String(write.body.messages[0]!.content);
    expect(system).toContain(`[1] Tides (${pages.base}/tides)`);
    expect(system).toContain(`[2] The Moon (${pages.base}/moon)`);
    const sources = events.filter((event) => event.type === 'sources').at(-1) as { citations: Citation[] };
    expect(sources.citations.map((c) => c.url)).toEqual([`${pages.base}/moon`, `${pages.base}/tides`]);
    const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(text).toContain('The Moon causes tides [1]. It pulls the seas [2].');
    expect(text).toContain(`**${DEEP_SEARCH_TEXTS.sourcesRead}**`);
    expect(text).toContain(`1. [Tides](<${pages.base}/tides>)`);
    expect(bed.fake.requests).toHaveLength(2);
    expect(await bed.settled(token)).toEqual({ balance: 46, history: [['deep-search', 4]] });

    // Saved as a session of its own kind: listed, searched, reopened and deleted.
    const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
    const listed = await callJson(searx.url, 'GET', `${SESSIONS}?q=tides`, { token });
    expect(listed.body.sessions).toEqual([
      expect.objectContaining({ id: start.sessionId, title: 'Why are there tides?' }),
    ]);
    expect((await callJson(searx.url, 'GET', `${SESSIONS}?q=volcano`, { token })).body.sessions).toEqual([]);
    expect(
      (await callJson(searx.url, 'GET', '/api/chat/ai-web-chat-sessions', { token })).body.sessions,
    ).toEqual([]);
    const messages = await callJson(searx.url, 'GET', `${MESSAGES}?sessionId=${start.sessionId}`, { token });
    const [question, report] = messages.body.messages as Array<Record<string, unknown>>;
    expect(question).toMatchObject({ role: 'user', content: 'Why are there tides?' });
    expect(report).toMatchObject({ role: 'assistant', status: 'completed', content: text });
    expect((report!.citations as Citation[]).map((c) => c.url)).toEqual([
      `${pages.base}/moon`,
      `${pages.base}/tides`,
    ]);
    expect((await callJson(searx.url, 'DELETE', `${SESSIONS}/${start.sessionId}`, { token })).status).toBe(
      200,
    );
    expect((await callJson(searx.url, 'GET', SESSIONS, { token })).body.sessions).toEqual([]);
  });

  it('answers JSON with the report and the pages read, searching through Brave with its key', async () => {
    const token = await newMember();
    const reply = await callJson(brave.url, 'POST', SEND, {
      token,
      body: { question: 'Why are there tides?' },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, status: 'completed', remainingCredits: 46 },
    });
    expect(search.queries).toEqual([
      { format: 'brave', q: 'tides cause', token: FAKE_BRAVE_KEY },
      { format: 'brave', q: 'moon gravity oceans', token: FAKE_BRAVE_KEY },
    ]);
    expect((reply.body.sources as Citation[]).map((c) => c.url)).toEqual([
      `${pages.base}/tides`,
      `${pages.base}/moon`,
    ]);
    expect((reply.body.citations as Citation[]).map((c) => c.url)).toEqual([
      `${pages.base}/moon`,
      `${pages.base}/tides`,
    ]);
    expect(reply.body.response).toContain('The Moon causes tides [1].');
    expect(await bed.settled(token)).toEqual({ balance: 46, history: [['deep-search', 4]] });
  });

  it('stopped while writing: stops and charges nothing', async () => {
    const token = await newMember();
    answerWith({
      kind: 'stream',
      chunks: Array.from({ length: 60 }, (_, i) => `w${i} [1] `),
      chunkDelayMs: 50,
    });
    const stream = await postStream(searx.url, SEND, { question: 'Why are there tides?' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    await callJson(searx.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } });
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 50 });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('stopped while searching: stops everything and charges nothing', async () => {
    const token = await newMember();
    search.answer = () => ({ kind: 'hang' });
    const stream = await postStream(searx.url, SEND, { question: 'Why are there tides?' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next((event) => event.type === 'step' && event.step === 'searching');
    await callJson(searx.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } });
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 50 });
    expect(bed.fake.requests).toHaveLength(1);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('a writing failure is a clear error and free', async () => {
    const token = await newMember();
    answerWith({ kind: 'stream', chunks: ['Half', ' a report'], failAfter: { chunks: 1, how: 'error' } });
    const reply = await callJson(searx.url, 'POST', SEND, {
      token,
      body: { question: 'Why are there tides?' },
    });
    expect(reply).toMatchObject({
      status: 502,
      body: { code: 'PROVIDER_FAILED', error: DEEP_SEARCH_TEXTS.failed, remainingCredits: 50 },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('hostile results (private addresses, a huge page, hanging and junk searches) end clearly and free', async () => {
    const token = await newMember();
    let call = 0;
    search.answer = () => {
      call += 1;
      if (call === 1) {
        return {
          kind: 'results',
          results: [
            { url: 'http://10.0.0.5/admin', title: 'private', snippet: '' },
            { url: 'http://169.254.169.254/latest/meta-data', title: 'metadata', snippet: '' },
            { url: `${pages.base}/huge`, title: 'huge', snippet: '' },
            { url: 'file:///etc/passwd', title: 'file', snippet: '' },
          ],
        };
      }
      return call === 2 ? { kind: 'junk', body: '<html>not json' } : { kind: 'hang' };
    };
    bed.fake.setFallback((request) =>
      isPlan(request)
        ? { kind: 'stream', chunks: ['one\ntwo\nthree'] }
        : { kind: 'stream', chunks: ['never'] },
    );
    const started = Date.now();
    const reply = await callJson(searx.url, 'POST', SEND, {
      token,
      body: { question: 'Why are there tides?' },
    });
    expect(reply).toMatchObject({
      status: 502,
      body: { code: 'PROVIDER_FAILED', error: DEEP_SEARCH_TEXTS.noSources, remainingCredits: 50 },
    });
    // The hanging search was given up at the research's time limit; no private address was asked for.
    expect(Date.now() - started).toBeLessThan(LIMITS.maxMs + 5_000);
    expect(pages.hits).toEqual(['/huge']);
    expect(bed.fake.requests.filter((request) => !isPlan(request))).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  }, 20_000);

  it('one readable page among hostile ones makes a shorter report', async () => {
    const token = await newMember();
    search.answer = (q) =>
      q === 'tides cause'
        ? {
            kind: 'results',
            results: [
              { url: 'http://192.168.1.1/', title: 'router', snippet: '' },
              { url: `${pages.base}/tides`, title: 'Tides', snippet: '' },
            ],
          }
        : { kind: 'status', status: 500 };
    const reply = await callJson(searx.url, 'POST', SEND, {
      token,
      body: { question: 'Why are there tides?' },
    });
    expect(reply).toMatchObject({ status: 200, body: { status: 'completed', remainingCredits: 46 } });
    expect((reply.body.sources as Citation[]).map((c) => c.url)).toEqual([`${pages.base}/tides`]);
    expect(await bed.settled(token)).toEqual({ balance: 46, history: [['deep-search', 4]] });
  });

  it('a closed tab still yields the saved report, charged once', async () => {
    const token = await newMember();
    answerWith({ kind: 'stream', chunks: ['Tides [1] ', 'come ', 'from the Moon [2].'], chunkDelayMs: 100 });
    const stream = await postStream(searx.url, SEND, { question: 'Why are there tides?' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    stream.hangUp();
    const report = async () => {
      const reply = await callJson(searx.url, 'GET', `${MESSAGES}?sessionId=${start.sessionId}`, { token });
      return (reply.body.messages as Array<{ status: string; content: string }>)[1]!;
    };
    await expect
      .poll(async () => (await report())?.status, { timeout: 10_000, interval: 200 })
      .toBe('completed');
    expect((await report()).content).toContain('Tides [1] come from the Moon [2].');
    expect(await bed.settled(token)).toEqual({ balance: 46, history: [['deep-search', 4]] });
  });

  it('without a search provider or an LLM key: the status says so and the endpoint answers 503, free', async () => {
    expect((await callJson(searx.url, 'GET', STATUS)).body).toEqual({
      success: true,
      available: true,
      search: true,
      llm: true,
    });
    expect((await callJson(bed.chat.url, 'GET', STATUS)).body).toMatchObject({
      available: false,
      search: false,
      llm: true,
    });
    expect((await callJson(keyless.url, 'GET', STATUS)).body).toMatchObject({
      available: false,
      search: true,
      llm: false,
    });
    const token = await newMember();
    const noSearch = await callJson(bed.chat.url, 'POST', SEND, { token, body: { question: 'Why?' } });
    expect(noSearch).toMatchObject({ status: 503, body: { error: DEEP_SEARCH_TEXTS.unavailableSearch } });
    const noKey = await callJson(keyless.url, 'POST', SEND, { token, body: { question: 'Why?' } });
    expect(noKey).toMatchObject({ status: 503, body: { error: ERROR_TEXTS.chat.providerKeyMissing } });
    expect(search.queries).toEqual([]);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });
});

// The page reopens a report from its address (`/tools/deep-search?session=<id>`; docs/product-rules.md#resume): the
// saved report is read by its session id and followed by its reply id, both the member's alone.
describe('deep search reports by address', () => {
  it("reads a finished report back with its reply id; another member's read and follow answer 404", async () => {
    const owner = await newMember();
    const events = await (
      await postStream(searx.url, SEND, { question: 'Why are there tides?' }, owner)
    ).all();
    const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });

    const mine = await callJson(searx.url, 'GET', `${MESSAGES}?sessionId=${start.sessionId}`, {
      token: owner,
    });
    expect(mine.status).toBe(200);
    const report = (mine.body.messages as Array<Record<string, unknown>>).find(
      (message) => message.role === 'assistant',
    );
    expect(report).toMatchObject({ status: 'completed', reply_id: start.messageId });
    // Following the finished report replays it to its end, for its owner.
    const replay = await (await followStream(brave.url, start.messageId, owner)).all();
    expect(replay.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
    expect(
      replay
        .filter((event) => event.type === 'delta')
        .map((event) => (event as { text: string }).text)
        .join(''),
    ).toBe(report!.content);

    const stranger = await newMember();
    const theirs = await callJson(searx.url, 'GET', `${MESSAGES}?sessionId=${start.sessionId}`, {
      token: stranger,
    });
    expect(theirs).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', error: ERROR_TEXTS.server.notFound },
    });
    expect(JSON.stringify(theirs.body)).not.toContain('tides');
    expect((await followStream(brave.url, start.messageId, stranger)).status).toBe(404);
  });
});

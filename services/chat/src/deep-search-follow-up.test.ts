// Deep Search follow-ups over HTTP (issue 38 part 5, docs/product-rules.md#deep-search): real PostgreSQL, NATS and
// credits; the fake OpenAI-compatible provider plans and writes, the fake search speaks SearXNG's wire format and the
// pages are a local server. A follow-up in a report's session searches again, is written from the new pages plus the
// earlier report and its sources, costs 4 credits again only when delivered, and is the member's alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS, type ChatStreamEvent } from '@act/contracts';
import { callJson, type ChatRequest, type FakeAnswer } from '@act/service-kit/testing';
import { createSearxngProvider } from './deep-search/search-provider';
import { startFakeSearch, type FakeSearch } from './test-support/fake-search';
import {
  postStream,
  startChatTestBed,
  startReplica,
  type ChatTestBed,
  type Replica,
} from './test-support/test-bed';

const SEND = '/api/chat/deep-search';
const SESSIONS = '/api/chat/deep-search-sessions';
const MESSAGES = '/api/chat/deep-search-messages';
const LIMITS = { maxSearches: 2, maxPages: 2, maxMs: 4_000, maxBytes: 8 * 1024 * 1024 };

const PAGES: Record<string, [string, string]> = {
  '/tides': ['Tides', 'Tides are caused by the Moon.'],
  '/moon': ['The Moon', 'The Moon pulls on the oceans.'],
  '/sun': ['The Sun and tides', 'The Sun adds spring tides when it lines up with the Moon.'],
};

let bed: ChatTestBed;
let search: FakeSearch;
let searx: Replica;
let pages: http.Server;
let base: string;

const article = ([title, body]: [string, string]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>` +
  Array.from({ length: 4 }, (_, i) => `<p>${body} Paragraph ${i + 1} says more about it.</p>`).join('') +
  '</article></body></html>';

const isPlan = (request: ChatRequest) => String(request.body.messages[0]?.content).startsWith('You plan');
const writes = () => bed.fake.requests.filter((request) => !isPlan(request));

/** The first report's searches find the tides and Moon pages; a follow-up's (about the Sun) the Sun page. */
function answerSearches() {
  search.answer = (query) => {
    const paths = /sun/i.test(query) ? ['/sun'] : ['/tides', '/moon'];
    return {
      kind: 'results',
      results: paths.map((path) => ({ url: `${base}${path}`, title: PAGES[path]![0], snippet: '' })),
    };
  };
}

function writeWith(report: FakeAnswer) {
  bed.fake.setFallback((request) => {
    if (!isPlan(request)) return report;
    const follow = String(request.body.messages[1]?.content).includes('Follow-up question');
    return { kind: 'stream', chunks: [follow ? 'sun spring tides' : 'tides cause\nmoon gravity'] };
  });
}

beforeAll(async () => {
  bed = await startChatTestBed('chat_deep_follow');
  pages = http.createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page) res.writeHead(200, { 'content-type': 'text/html' }).end(article(page));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  search = await startFakeSearch();
  searx = await startReplica({
    jwks: bed.jwks,
    credits: bed.credits,
    sql: bed.sql,
    outbox: bed.outbox,
    fake: bed.fake,
    webFetch: { allowLoopback: true },
    deepSearch: { search: createSearxngProvider(search.baseUrl), limits: LIMITS },
  });
}, 90_000);

afterAll(async () => {
  await searx?.close();
  await search?.close();
  pages?.closeAllConnections();
  await new Promise((resolve) => pages?.close(resolve));
  await bed?.close();
}, 30_000);

beforeEach(() => {
  bed.fake.reset();
  search.queries.length = 0;
  answerSearches();
  writeWith({ kind: 'stream', chunks: ['The Moon causes tides [2]. ', 'It pulls the seas [1].'] });
});

/** A new member's first report (46 credits left): its session id and its text. */
async function firstReport() {
  const token = await bed.jwks.tokenFor(randomUUID());
  const reply = await callJson(searx.url, 'POST', SEND, {
    token,
    body: { question: 'Why are there tides?' },
  });
  expect(reply.status).toBe(200);
  bed.fake.reset();
  search.queries.length = 0;
  return { token, sessionId: reply.body.sessionId as string, report: reply.body.response as string };
}

describe('deep search follow-ups', () => {
  it('searches again and writes from the new pages plus the earlier report and its sources, charging 4 again', async () => {
    const { token, sessionId } = await firstReport();
    writeWith({ kind: 'stream', chunks: ['The Sun adds spring tides [1], ', 'on top of the Moon [2].'] });
    const events = await (
      await postStream(searx.url, SEND, { question: 'And the Sun?', sessionId }, token)
    ).all();
    expect(events[0]).toMatchObject({ type: 'start', sessionId });
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 42 });

    // New searches, planned knowing the earlier question.
    expect(search.queries.map((query) => query.q)).toEqual(['sun spring tides']);
    const plan = bed.fake.requests.find(isPlan)!;
    expect(String(plan.body.messages[1]!.content)).toContain('Earlier question: Why are there tides?');

    // The model read the new page first, then the earlier sources, and the earlier report renumbered to them.
    const [write] = writes();
    const messages = write!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toContain(`[1] The Sun and tides (${base}/sun)`);
    expect(messages[0]!.content).toContain(`[2] The Moon (${base}/moon)`);
    expect(messages[0]!.content).toContain(`[3] Tides (${base}/tides)`);
    expect(messages[1]!.content).toBe('Why are there tides?');
    expect(messages[2]!.content).toBe('The Moon causes tides [2]. It pulls the seas [3].');
    expect(messages[3]!.content).toBe('And the Sun?');

    // The new report cites the new page and an earlier source, and is appended in the same session.
    const sources = events.filter((event) => event.type === 'sources').at(-1) as Extract<
      ChatStreamEvent,
      { type: 'sources' }
    >;
    expect(sources.citations.map((citation) => citation.url)).toEqual([`${base}/sun`, `${base}/moon`]);
    const stored = await callJson(searx.url, 'GET', `${MESSAGES}?sessionId=${sessionId}`, { token });
    expect((stored.body.messages as Array<{ role: string; content: string }>).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect((await callJson(searx.url, 'GET', SESSIONS, { token })).body.sessions).toHaveLength(1);
    expect(await bed.settled(token)).toEqual({
      balance: 42,
      history: [
        ['deep-search', 4],
        ['deep-search', 4],
      ],
    });
  });

  it('a follow-up that fails to be written, or is stopped, is free', async () => {
    const { token, sessionId } = await firstReport();
    writeWith({ kind: 'stream', chunks: ['Half', ' a report'], failAfter: { chunks: 1, how: 'error' } });
    const failed = await callJson(searx.url, 'POST', SEND, {
      token,
      body: { question: 'And the Sun?', sessionId },
    });
    expect(failed).toMatchObject({
      status: 502,
      body: { error: DEEP_SEARCH_TEXTS.failed, remainingCredits: 46 },
    });

    writeWith({ kind: 'stream', chunks: Array.from({ length: 60 }, (_, i) => `w${i} `), chunkDelayMs: 50 });
    const stream = await postStream(searx.url, SEND, { question: 'And the Sun?', sessionId }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    await callJson(searx.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } });
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 46 });
    expect(await bed.settled(token)).toEqual({ balance: 46, history: [['deep-search', 4]] });
  });

  it("another member's session answers 404 before anything is searched or charged", async () => {
    const { sessionId } = await firstReport();
    const stranger = await bed.jwks.tokenFor(randomUUID());
    for (const id of [sessionId, randomUUID()]) {
      const reply = await callJson(searx.url, 'POST', SEND, {
        token: stranger,
        body: { question: 'And the Sun?', sessionId: id },
      });
      expect(reply).toMatchObject({ status: 404, body: { error: ERROR_TEXTS.server.notFound } });
    }
    expect(search.queries).toEqual([]);
    expect(bed.fake.requests).toEqual([]);
    expect(await bed.settled(stranger)).toEqual({ balance: 50, history: [] });
  });

  it('never overdraws: of 13 follow-ups at once on 46 credits, exactly 11 are delivered and charged', async () => {
    const { token, sessionId } = await firstReport();
    const replies = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        callJson(searx.url, 'POST', SEND, { token, body: { question: `And the Sun? (${i})`, sessionId } }),
      ),
    );
    const delivered = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 402);
    expect(delivered).toHaveLength(11);
    expect(refused).toHaveLength(2);
    for (const reply of refused) expect(reply.body.error).toBe(DEEP_SEARCH_TEXTS.insufficientCredits);
    const { balance, history } = await bed.settled(token);
    expect(balance).toBe(2);
    expect(history).toHaveLength(12);
  }, 60_000);
});

// The chat service end to end over HTTP: real PostgreSQL and NATS, the run's credits process, and a fake
// OpenAI-compatible provider that streams slowly and fails on demand. Money is checked on credits itself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, PLAYGROUND_MODELS, type ChatStreamEvent } from '@act/contracts';
import { type Outbox, type Sql } from '@act/service-kit';
import {
  callJson,
  dataUrl,
  expectOwnerOnly,
  makeGarbagePdf,
  makePdf,
  makePng,
  type CreditsProcess,
  type FakeOpenAi,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { createChatStore } from './db/chat-store';
import {
  COLUMN_OF_UPSTREAM,
  postStream,
  startChatTestBed,
  startReplica,
  type ChatTestBed,
  type Replica,
} from './test-support/test-bed';

const PLAYGROUND = '/api/chat/send-message';
const REASONING = '/api/chat/chat-reasoning/send-message';

let bed: ChatTestBed;
let jwks: TestJwks;
let credits: CreditsProcess;
let fake: FakeOpenAi;
let sql: Sql;
let outbox: Outbox;
let chat: Replica;

beforeAll(async () => {
  bed = await startChatTestBed('chat');
  ({ jwks, credits, fake, sql, outbox, chat } = bed);
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  fake.reset();
  fake.setFallback((request) => ({ kind: 'stream', chunks: ['answer ', `from ${request.body.model}`] }));
});

async function newMember(): Promise<string> {
  const token = await jwks.tokenFor(randomUUID());
  expect(await credits.balanceOf(token)).toBe(50);
  return token;
}

/** Balance and usage history once every usage event (the outbox's commits included) was applied. */
const settled = (token: string) => bed.settled(token);

async function messagesOf(token: string, sessionId: string, kind: 'playground' | 'reasoning' = 'playground') {
  const path = kind === 'playground' ? '/api/chat/messages' : '/api/chat/chat-reasoning/messages';
  const reply = await callJson(chat.url, 'GET', `${path}?sessionId=${sessionId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.messages as Array<Record<string, unknown>>;
}

describe('members only', () => {
  it('answers 401 to a guest on every chat endpoint, and the status to anyone', async () => {
    const id = randomUUID();
    for (const [method, path, body] of [
      ['POST', PLAYGROUND, { prompt: 'hi' }],
      ['POST', REASONING, { prompt: 'hi' }],
      ['GET', '/api/chat/sessions', undefined],
      ['GET', '/api/chat/chat-reasoning/sessions', undefined],
      ['GET', `/api/chat/messages?sessionId=${id}`, undefined],
      ['DELETE', `/api/chat/sessions/${id}`, undefined],
      ['PATCH', `/api/chat/sessions/${id}`, { title: 'x' }],
      ['POST', '/api/chat/stop', { messageId: id }],
    ] as const) {
      const reply = await callJson(chat.url, method, path, { body });
      expect(reply.status, `${method} ${path}`).toBe(401);
    }
    expect(await callJson(chat.url, 'GET', '/api/chat/status')).toEqual({
      status: 200,
      body: { success: true, available: true },
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('JSON replies', () => {
  it('answers a playground message from the four models, stores it and charges 5 once (50 → 45)', async () => {
    const token = await newMember();
    const reply = await callJson(chat.url, 'POST', PLAYGROUND, {
      token,
      body: { prompt: '  What is   the capital of France?  ', toolName: 'ai-chat-playground' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      status: 'completed',
      remainingCredits: 45,
      responses: {
        'openai/gpt-4o-mini': 'answer from up/gpt',
        'google/gemini-2.5-flash-preview-05-20': 'answer from up/gemini',
        'anthropic/claude-sonnet-4': 'answer from up/claude',
        'deepseek/deepseek-r1-0528:free': 'answer from up/deepseek',
      },
    });
    expect(new Set(fake.requests.map((r) => r.body.model))).toEqual(
      new Set(['up/gpt', 'up/gemini', 'up/claude', 'up/deepseek']),
    );
    expect(fake.requests.every((r) => r.body.stream === true)).toBe(true);
    expect(await settled(token)).toEqual({ balance: 45, history: [['ai-chat-playground', 5]] });

    const sessionId = reply.body.sessionId as string;
    const sessions = await callJson(chat.url, 'GET', '/api/chat/sessions', { token });
    expect(sessions.body).toMatchObject({
      success: true,
      sessions: [{ id: sessionId, title: 'What is the capital of France?' }],
      nextCursor: null,
    });
    const messages = await messagesOf(token, sessionId);
    expect(messages.map((m) => [m.role, m.model_name, m.status, m.content])).toEqual([
      ['user', null, 'completed', 'What is   the capital of France?'],
      ...PLAYGROUND_MODELS.map((column) => [
        'assistant',
        column,
        'completed',
        `answer from ${TEST_TARGET(column)}`,
      ]),
    ]);
    expect(messages.slice(1).every((m) => m.reply_id === reply.body.messageId)).toBe(true);
  });

  it('continues a session: each column gets its own history', async () => {
    const token = await newMember();
    const first = await callJson(chat.url, 'POST', PLAYGROUND, { token, body: { prompt: 'one' } });
    fake.reset();
    const second = await callJson(chat.url, 'POST', PLAYGROUND, {
      token,
      body: { prompt: 'two', sessionId: first.body.sessionId },
    });
    expect(second.status).toBe(200);
    expect(second.body.sessionId).toBe(first.body.sessionId);
    const claude = fake.requests.find((r) => r.body.model === 'up/claude');
    expect(claude?.body.messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'answer from up/claude' },
      { role: 'user', content: 'two' },
    ]);
    expect((await settled(token)).balance).toBe(40);
  });

  it('answers a reasoning query with its reasoning kept apart and charges 6 once (50 → 44)', async () => {
    const token = await newMember();
    fake.script({
      kind: 'stream',
      reasoning: ['Weighing ', 'the facts.'],
      chunks: ['<think>and a tagged', ' thought</think>\n\n', 'Paris is ', 'the capital.'],
      chunkDelayMs: 5,
    });
    const reply = await callJson(chat.url, 'POST', REASONING, {
      token,
      body: { prompt: 'Capital of France?', toolName: 'chat-reasoning' },
    });
    expect(reply.body).toMatchObject({
      success: true,
      status: 'completed',
      response: 'Paris is the capital.',
      reasoning: 'Weighing the facts.and a tagged thought',
      remainingCredits: 44,
    });
    expect(fake.requests[0]?.body.model).toBe('up/sonar');
    expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
    const messages = await messagesOf(token, reply.body.sessionId as string, 'reasoning');
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      model_name: 'perplexity/sonar-reasoning-pro',
      content: 'Paris is the capital.',
      reasoning: 'Weighing the facts.and a tagged thought',
      status: 'completed',
    });
  });

  it('sends checked image and PDF attachments with a reasoning query; a bad one is refused before any reserve', async () => {
    const token = await newMember();
    const png = dataUrl(await makePng({ width: 16, height: 16 }));
    const pdf = dataUrl(makePdf(['Minutes of the May meeting.']), 'application/pdf');
    const reply = await callJson(chat.url, 'POST', REASONING, {
      token,
      body: { prompt: 'What is in these?', image: png, pdf },
    });
    expect(reply.status).toBe(200);
    const parts = fake.requests[0]?.body.messages.at(-1)?.content as Array<Record<string, unknown>>;
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url', 'file']);
    expect(JSON.stringify(parts[1])).toContain('data:image/png;base64,');
    expect(JSON.stringify(parts[2])).toContain('data:application/pdf;base64,');

    // Not a PDF at all, and the red team's: a PDF header and garbage, which only PDF.js can tell from a PDF.
    const notPdfs = [
      `data:application/pdf;base64,${Buffer.from('hello').toString('base64')}`,
      dataUrl(makeGarbagePdf(), 'application/pdf'),
    ];
    for (const notPdf of notPdfs) {
      expect(
        await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'x', pdf: notPdf } }),
      ).toMatchObject({
        status: 400,
        body: { error: ERROR_TEXTS.validation.invalidPdf },
      });
    }
    const notImage = `data:image/png;base64,${Buffer.from('hello').toString('base64')}`;
    expect(
      await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'x', image: notImage } }),
    ).toMatchObject({
      status: 400,
      body: { error: ERROR_TEXTS.validation.invalidChatImage },
    });
    expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
  });

  it('charges nothing when the provider fails before any text', async () => {
    const token = await newMember();
    fake.setFallback({ kind: 'error', status: 500 });
    const playground = await callJson(chat.url, 'POST', PLAYGROUND, { token, body: { prompt: 'hi' } });
    expect(playground).toMatchObject({
      status: 502,
      body: {
        success: false,
        code: 'PROVIDER_FAILED',
        error: ERROR_TEXTS.chat.sendMessage,
        remainingCredits: 50,
      },
    });
    const reasoning = await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'hi' } });
    expect(reasoning).toMatchObject({
      status: 502,
      body: { code: 'PROVIDER_FAILED', error: ERROR_TEXTS.chat.sendReasoningQuery, remainingCredits: 50 },
    });
    // A stream that breaks before its first chunk is the same.
    fake.setFallback({ kind: 'stream', chunks: ['never'], failAfter: { chunks: 0, how: 'error' } });
    expect((await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'hi' } })).status).toBe(502);
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('charges a playground message once when some columns fail; they say so in the spec words', async () => {
    const token = await newMember();
    fake.setFallback((request) => {
      const column = COLUMN_OF_UPSTREAM[request.body.model];
      if (column === 'google/gemini-2.5-flash-preview-05-20') return { kind: 'error', status: 503 };
      if (column === 'deepseek/deepseek-r1-0528:free')
        return { kind: 'stream', chunks: ['half ', 'an answer'], failAfter: { chunks: 1, how: 'cut' } };
      return { kind: 'stream', chunks: [`ok from ${request.body.model}`] };
    });
    const reply = await callJson(chat.url, 'POST', PLAYGROUND, { token, body: { prompt: 'hi' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'completed',
      remainingCredits: 45,
      responses: {
        'openai/gpt-4o-mini': 'ok from up/gpt',
        'google/gemini-2.5-flash-preview-05-20': ERROR_TEXTS.chat.sendMessageDot,
        'anthropic/claude-sonnet-4': 'ok from up/claude',
        'deepseek/deepseek-r1-0528:free': ERROR_TEXTS.chat.sendMessageDot,
      },
      columns: {
        'openai/gpt-4o-mini': 'done',
        'google/gemini-2.5-flash-preview-05-20': 'failed',
        'anthropic/claude-sonnet-4': 'done',
        'deepseek/deepseek-r1-0528:free': 'failed',
      },
    });
    expect(await settled(token)).toEqual({ balance: 45, history: [['ai-chat-playground', 5]] });
    const messages = await messagesOf(token, reply.body.sessionId as string);
    const deepseek = messages.find((m) => m.model_name === 'deepseek/deepseek-r1-0528:free');
    // The words that did arrive are kept with the failure.
    expect(deepseek).toMatchObject({
      status: 'failed',
      content: 'half ',
      error: ERROR_TEXTS.chat.sendMessageDot,
    });
  });

  it('refuses a message the balance cannot cover with the spec text, reserving nothing', async () => {
    const userId = randomUUID();
    const token = await jwks.tokenFor(userId);
    expect(await credits.balanceOf(token)).toBe(50);
    for (let i = 0; i < 8; i += 1) {
      expect((await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: `q${i}` } })).status).toBe(
        200,
      );
    }
    const refused = await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'one more' } });
    expect(refused).toMatchObject({
      status: 402,
      body: { code: 'INSUFFICIENT_CREDITS', error: ERROR_TEXTS.validation.insufficientCreditsReasoning },
    });
    const playground = await callJson(chat.url, 'POST', PLAYGROUND, { token, body: { prompt: 'one more' } });
    expect(playground.body.error).toBe(ERROR_TEXTS.validation.insufficientCreditsPlayground);
    expect((await settled(token)).balance).toBe(2);
  });
});

function TEST_TARGET(column: string): string {
  return Object.entries(COLUMN_OF_UPSTREAM).find(([, c]) => c === column)?.[0] ?? '';
}

describe('event-stream replies', () => {
  it('streams start → deltas → column ends → done, and charges once', async () => {
    const token = await newMember();
    fake.setFallback((request) => ({
      kind: 'stream',
      chunks: ['one ', 'two ', `three ${request.body.model}`],
      chunkDelayMs: 20,
    }));
    const stream = await postStream(chat.url, PLAYGROUND, { prompt: 'count' }, token);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    await stream.ended;
    const [start, ...rest] = stream.events;
    expect(start).toMatchObject({ type: 'start', columns: [...PLAYGROUND_MODELS] });
    const done = rest.at(-1);
    expect(done).toEqual({
      type: 'done',
      status: 'completed',
      remainingCredits: 45,
      columns: Object.fromEntries(PLAYGROUND_MODELS.map((column) => [column, 'done'])),
    });
    const gptText = rest
      .filter((e): e is Extract<ChatStreamEvent, { type: 'delta' }> => e.type === 'delta')
      .filter((e) => e.column === 'openai/gpt-4o-mini')
      .map((e) => e.text)
      .join('');
    expect(gptText).toBe('one two three up/gpt');
    expect(rest.filter((e) => e.type === 'column')).toHaveLength(4);
    expect(await settled(token)).toEqual({ balance: 45, history: [['ai-chat-playground', 5]] });
  });

  it('streams reasoning and answer separately for Chat Reasoning', async () => {
    const token = await newMember();
    fake.script({ kind: 'stream', reasoning: ['think'], chunks: ['answer'] });
    const stream = await postStream(chat.url, REASONING, { prompt: 'why?' }, token);
    await stream.ended;
    expect(stream.events.map((e) => e.type)).toEqual(['start', 'reasoning', 'delta', 'done']);
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 44 });
  });

  it('answers errors before the stream opens as JSON (unknown session → 404, nothing reserved)', async () => {
    const token = await newMember();
    const reply = await fetch(`${chat.url}${PLAYGROUND}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ prompt: 'hi', sessionId: randomUUID() }),
    });
    expect(reply.status).toBe(404);
    expect(await reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await settled(token)).balance).toBe(50);
  });

  it('sends an error event and refunds when the provider fails first', async () => {
    const token = await newMember();
    fake.setFallback({ kind: 'error', status: 500 });
    const stream = await postStream(chat.url, REASONING, { prompt: 'hi' }, token);
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({
      type: 'error',
      error: ERROR_TEXTS.chat.sendReasoningQuery,
      code: 'PROVIDER_FAILED',
      remainingCredits: 50,
    });
  });
});

describe('Stop', () => {
  it('aborts the provider request within a second, saves the partial text as stopped and charges once', async () => {
    const token = await newMember();
    fake.script({
      kind: 'stream',
      chunks: Array.from({ length: 100 }, (_, i) => `w${i} `),
      chunkDelayMs: 100,
    });
    const stream = await postStream(chat.url, REASONING, { prompt: 'long' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    const closed = fake.whenClientCloses();
    const stoppedAt = Date.now();
    expect(
      await callJson(chat.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } }),
    ).toEqual({
      status: 200,
      body: { success: true },
    });
    const upstream = await closed;
    expect(upstream.clientClosedAt! - stoppedAt).toBeLessThan(1_000);
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 44 });
    expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
    const [, answer] = await messagesOf(token, start.sessionId, 'reasoning');
    expect(answer).toMatchObject({ status: 'stopped', reply_id: start.messageId });
    expect(answer?.content).toMatch(/^w0 /);
    expect((answer?.content as string).length).toBeLessThan(100 * 4);
  });

  it('releases the hold when Stop comes before the first word', async () => {
    const token = await newMember();
    fake.script({ kind: 'stream', chunks: ['late'], firstChunkDelayMs: 5_000 });
    const stream = await postStream(chat.url, REASONING, { prompt: 'slow' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await waitUntil(
      async () => fake.requests.length,
      (n) => n === 1,
    );
    await callJson(chat.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } });
    await fake.whenClientCloses();
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 50 });
    expect(await settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('reaches the replica holding the reply when sent to another one', async () => {
    const other = await startReplica({ jwks, credits, sql, outbox, fake });
    try {
      const token = await newMember();
      fake.setFallback({
        kind: 'stream',
        chunks: Array.from({ length: 100 }, (_, i) => `w${i} `),
        chunkDelayMs: 100,
      });
      const stream = await postStream(chat.url, PLAYGROUND, { prompt: 'long' }, token);
      const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
      await stream.next('delta');
      const stoppedAt = Date.now();
      const reply = await callJson(other.url, 'POST', '/api/chat/stop', {
        token,
        body: { messageId: start.messageId },
      });
      expect(reply.status).toBe(200);
      await waitUntil(
        async () => fake.requests.filter((r) => r.clientClosedAt !== undefined).length,
        (n) => n === 4,
      );
      for (const request of fake.requests) expect(request.clientClosedAt! - stoppedAt).toBeLessThan(1_000);
      await stream.ended;
      expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped', remainingCredits: 45 });
      expect(await settled(token)).toEqual({ balance: 45, history: [['ai-chat-playground', 5]] });
    } finally {
      await other.close();
    }
  });
});

describe('replies that end early', () => {
  it('stops a reply at its time limit: saved as stopped, charged once since text had arrived', async () => {
    const limited = await startReplica({ jwks, credits, sql, outbox, fake, replyMaxMs: 400 });
    try {
      const token = await newMember();
      fake.script({
        kind: 'stream',
        chunks: Array.from({ length: 50 }, (_, i) => `w${i} `),
        chunkDelayMs: 50,
      });
      const reply = await callJson(limited.url, 'POST', REASONING, { token, body: { prompt: 'endless' } });
      expect(reply.body).toMatchObject({ success: true, status: 'stopped', remainingCredits: 44 });
      expect(reply.body.response).toMatch(/^w0 w1 /);
      await fake.whenClientCloses();
      expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
    } finally {
      await limited.close();
    }
  });

  it('stops the reply of a session deleted while it streams (charged once: text had arrived)', async () => {
    const token = await newMember();
    fake.script({
      kind: 'stream',
      chunks: Array.from({ length: 50 }, (_, i) => `w${i} `),
      chunkDelayMs: 100,
    });
    const stream = await postStream(chat.url, REASONING, { prompt: 'then delete it' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    const deleted = await callJson(
      chat.url,
      'DELETE',
      `/api/chat/chat-reasoning/sessions/${start.sessionId}`,
      {
        token,
      },
    );
    expect(deleted.status).toBe(200);
    await fake.whenClientCloses();
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped' });
    expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
    expect(
      (await callJson(chat.url, 'GET', '/api/chat/chat-reasoning/sessions', { token })).body.sessions,
    ).toEqual([]);
  });
});

describe('the reply belongs to the server, not the socket', () => {
  it('finishes, saves and charges once a reply whose client hung up; the session shows it growing meanwhile', async () => {
    const token = await newMember();
    fake.script({ kind: 'stream', chunks: Array.from({ length: 12 }, (_, i) => `w${i} `), chunkDelayMs: 80 });
    const stream = await postStream(chat.url, REASONING, { prompt: 'go on without me' }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    stream.hangUp();

    const growing = await waitUntil(
      async () => (await messagesOf(token, start.sessionId, 'reasoning'))[1],
      (m) => m?.status === 'streaming' && (m.content as string).length > 0,
    );
    expect(growing?.content).toMatch(/^w0 /);
    const final = await waitUntil(
      async () => (await messagesOf(token, start.sessionId, 'reasoning'))[1],
      (m) => m?.status === 'completed',
    );
    expect(final?.content).toBe(Array.from({ length: 12 }, (_, i) => `w${i} `).join(''));
    expect(fake.requests[0]?.clientClosedAt).toBeUndefined();
    expect(await settled(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
  });
});

describe('sessions', () => {
  it('lists 10 at a time with a cursor, searches titles and message text, renames', async () => {
    const token = await newMember();
    fake.setFallback({ kind: 'stream', chunks: ['plain answer'] });
    // Credits for 12 messages: the reasoning tool costs 6, so use a richer account's messages on the free plan:
    // 8 reasoning queries (48 credits) are enough for the list checks.
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const reply = await callJson(chat.url, 'POST', REASONING, {
        token,
        body: { prompt: i === 3 ? 'Tell me about zebras' : `question number ${i}` },
      });
      ids.push(reply.body.sessionId as string);
    }
    const first = await callJson(chat.url, 'GET', '/api/chat/chat-reasoning/sessions?limit=5', { token });
    expect((first.body.sessions as unknown[]).length).toBe(5);
    expect((first.body.sessions as Array<{ id: string }>)[0]?.id).toBe(ids[7]);
    const second = await callJson(
      chat.url,
      'GET',
      `/api/chat/chat-reasoning/sessions?limit=5&cursor=${first.body.nextCursor as string}`,
      { token },
    );
    expect((second.body.sessions as Array<{ id: string }>).map((s) => s.id)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect(second.body.nextCursor).toBeNull();
    // The playground's list is apart.
    expect((await callJson(chat.url, 'GET', '/api/chat/sessions', { token })).body.sessions).toEqual([]);

    const byTitle = await callJson(chat.url, 'GET', '/api/chat/chat-reasoning/sessions?q=ZEBRA', { token });
    expect((byTitle.body.sessions as Array<{ id: string }>).map((s) => s.id)).toEqual([ids[3]]);
    // Message text (not in any title) is searched too; LIKE wildcards are plain characters.
    const byText = await callJson(chat.url, 'GET', '/api/chat/chat-reasoning/sessions?q=plain%20answer', {
      token,
    });
    expect((byText.body.sessions as unknown[]).length).toBe(8);
    expect(
      (await callJson(chat.url, 'GET', '/api/chat/chat-reasoning/sessions?q=%25', { token })).body.sessions,
    ).toEqual([]);

    const renamed = await callJson(chat.url, 'PATCH', `/api/chat/chat-reasoning/sessions/${ids[0]}`, {
      token,
      body: { title: '  Renamed  ' },
    });
    expect(renamed.body).toMatchObject({ success: true, session: { id: ids[0], title: 'Renamed' } });
    const deleted = await callJson(chat.url, 'DELETE', `/api/chat/chat-reasoning/sessions/${ids[0]}`, {
      token,
    });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect(
      (await callJson(chat.url, 'GET', `/api/chat/chat-reasoning/messages?sessionId=${ids[0]}`, { token }))
        .status,
    ).toBe(404);
  });

  it("answers 404 for another member's session exactly as for an unknown one", async () => {
    const owner = await newMember();
    const stranger = await jwks.tokenFor(randomUUID());
    for (const kind of ['playground', 'reasoning'] as const) {
      const base = kind === 'playground' ? '/api/chat' : '/api/chat/chat-reasoning';
      await expectOwnerOnly({
        async createAsOwner() {
          const reply = await callJson(chat.url, 'POST', `${base}/send-message`, {
            token: owner,
            body: { prompt: 'mine' },
          });
          expect(reply.status).toBe(200);
          return reply.body.sessionId as string;
        },
        async ownerView(id) {
          const reply = await callJson(chat.url, 'GET', `${base}/messages?sessionId=${id}`, { token: owner });
          if (reply.status !== 200) throw new Error(`gone: ${reply.status}`);
          const sessions = await callJson(chat.url, 'GET', `${base}/sessions`, { token: owner });
          return { messages: reply.body.messages, sessions: sessions.body.sessions };
        },
        asStranger: {
          messages: (id) => fetch(`${chat.url}${base}/messages?sessionId=${id}`, auth(stranger)),
          delete: (id) => fetch(`${chat.url}${base}/sessions/${id}`, { ...auth(stranger), method: 'DELETE' }),
          rename: (id) =>
            fetch(`${chat.url}${base}/sessions/${id}`, {
              method: 'PATCH',
              headers: { ...auth(stranger).headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: 'taken' }),
            }),
        },
      });
    }
    // Nor can the stranger write into it, list it, or stop its replies.
    const mine = await callJson(chat.url, 'POST', PLAYGROUND, { token: owner, body: { prompt: 'mine' } });
    const hijack = await callJson(chat.url, 'POST', PLAYGROUND, {
      token: stranger,
      body: { prompt: 'hijack', sessionId: mine.body.sessionId },
    });
    expect(hijack).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(
      (await callJson(chat.url, 'GET', '/api/chat/sessions', { token: stranger })).body.sessions,
    ).toEqual([]);
    fake.script({ kind: 'stream', chunks: ['slow ', 'reply'], chunkDelayMs: 500 });
    const stream = await postStream(chat.url, REASONING, { prompt: 'slow' }, owner);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    const foreignStop = await callJson(chat.url, 'POST', '/api/chat/stop', {
      token: stranger,
      body: { messageId: start.messageId },
    });
    const unknownStop = await callJson(chat.url, 'POST', '/api/chat/stop', {
      token: stranger,
      body: { messageId: randomUUID() },
    });
    expect(foreignStop).toEqual(unknownStop);
    expect(foreignStop).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
    // The stranger paid nothing for all of that.
    expect(await settled(stranger)).toEqual({ balance: 50, history: [] });
  });
});

function auth(token: string): { headers: Record<string, string> } {
  return { headers: { authorization: `Bearer ${token}` } };
}

describe('replies abandoned by a replica that died', () => {
  it('are closed as failed once they are older than any reply can be; live ones are left alone', async () => {
    const store = createChatStore(sql);
    const token = await newMember();
    const reply = await callJson(chat.url, 'POST', REASONING, { token, body: { prompt: 'kept' } });
    const sessionId = reply.body.sessionId as string;
    const [row] = await sql<
      Array<{ user_id: string }>
    >`select user_id from chat_sessions where id = ${sessionId}`;
    const dead = randomUUID();
    const live = randomUUID();
    for (const [id, age] of [
      [dead, '10 minutes'],
      [live, '1 second'],
    ] as const) {
      await sql`
        insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content, status, created_at)
        values (${id}, ${sessionId}, ${row!.user_id}, 'assistant', ${randomUUID()}, 'm', 'partial', 'streaming',
          now() - ${age}::interval)`;
    }
    expect(await store.closeAbandonedReplies(5 * 60_000, ERROR_TEXTS.chat.sendMessageDot)).toBe(1);
    const statuses = await sql<Array<{ id: string; status: string; error: string | null }>>`
      select id, status, error from chat_messages where id in (${dead}, ${live})`;
    expect(Object.fromEntries(statuses.map((s) => [s.id, [s.status, s.error]]))).toEqual({
      [dead]: ['failed', ERROR_TEXTS.chat.sendMessageDot],
      [live]: ['streaming', null],
    });
  });
});

describe('a race of sends', () => {
  it('never overdraws: of 30 playground messages at once on 50 credits, exactly 10 are answered', async () => {
    const token = await newMember();
    fake.setFallback({ kind: 'stream', chunks: ['quick'] });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callJson(chat.url, 'POST', PLAYGROUND, { token, body: { prompt: `race ${i}` } }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    for (const refused of replies.filter((r) => r.status === 402)) {
      expect(refused.body.error).toBe(ERROR_TEXTS.validation.insufficientCreditsPlayground);
    }
    const { balance, history } = await settled(token);
    expect(balance).toBe(0);
    expect(history).toHaveLength(10);
    expect(fake.requests).toHaveLength(40);
  }, 60_000);
});

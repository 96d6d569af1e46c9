// Compare, then fuse or continue (issue 25, docs/product-rules.md#fuse): over HTTP against the OpenAI-compatible fake
// with real PostgreSQL and NATS. A fuse streams one merged answer from the chosen model, is stored with the session
// and charged 2 credits once (free when the provider fails); "continue" makes a chat agent session whose history is
// the member's messages and that model's answers, free; another member reaches none of it by its ids.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatStreamEvent } from '@act/contracts';
import { callJson } from '@act/service-kit/testing';
import { postStream, startChatTestBed, type ChatTestBed } from './test-support/test-bed';

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_fuse');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
  // Each model answers in its own words.
  bed.fake.setFallback((request) => ({ kind: 'text', text: `Answer from ${request.body.model}.` }));
});

const FUSED =
  'Tides come from the moon.\n\n### Taken from\n- GPT-4o Mini: the moon\n- Claude 4 Sonnet: the sun';

async function compare(token: string, prompt: string, sessionId?: string) {
  const stream = await postStream(
    bed.chat.url,
    '/api/chat/send-message',
    { prompt, ...(sessionId ? { sessionId } : {}) },
    token,
  );
  const events = await stream.all();
  const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
  expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
  return { sessionId: start.sessionId, replyId: start.messageId };
}

async function fuse(token: string, sessionId: string, body: object) {
  const stream = await postStream(bed.chat.url, `/api/chat/sessions/${sessionId}/fuse`, body, token);
  return stream.all();
}

async function messages(token: string, path: string, sessionId: string): Promise<ChatMessage[]> {
  const reply = await callJson(bed.chat.url, 'GET', `${path}?sessionId=${sessionId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.messages as ChatMessage[];
}

describe('fuse', () => {
  it('streams one merged answer from the chosen model, stores it with the turn and charges 2 once', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const turn = await compare(token, 'Why do tides happen?');
    bed.fake.script({ kind: 'stream', chunks: FUSED.split(/(?<= )/) });

    const events = await fuse(token, turn.sessionId, {
      replyId: turn.replyId,
      model: 'anthropic/claude-sonnet-4',
    });
    expect(events[0]).toMatchObject({ type: 'start', sessionId: turn.sessionId });
    expect(
      events
        .filter((event) => event.type === 'delta')
        .map((event) => event.text)
        .join(''),
    ).toBe(FUSED);
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed', remainingCredits: 43 });

    // The chosen model read the question and the four answers, each labelled by its model, and was asked for the list.
    const asked = bed.fake.requests.at(-1)!.body;
    expect(asked.model).toBe('up/claude');
    expect(JSON.stringify(asked.messages[0])).toContain('Taken from');
    const prompt = String(asked.messages[1]?.content);
    expect(prompt).toContain('Why do tides happen?');
    for (const [name, upstream] of [
      ['GPT-4o Mini', 'up/gpt'],
      ['Gemini 2.5 Flash', 'up/gemini'],
      ['Claude 4 Sonnet', 'up/claude'],
      ['DeepSeek R1', 'up/deepseek'],
    ]) {
      expect(prompt).toContain(`## Answer from ${name}\n\nAnswer from ${upstream}.`);
    }

    // Stored with the session (a reload shows it), beside the turn it merged, at the chat agent's price.
    const stored = await messages(token, '/api/chat/messages', turn.sessionId);
    expect(stored).toHaveLength(6);
    expect(stored.at(-1)).toMatchObject({
      role: 'assistant',
      model_name: 'anthropic/claude-sonnet-4',
      content: FUSED,
      status: 'completed',
      credits: 2,
      fused_from: turn.replyId,
    });
    // The fused answer is no new version of Claude's column answer: no message shows "‹ 1/2 ›".
    expect(stored.filter((message) => message.versions)).toEqual([]);
    expect(stored.filter((message) => message.model_name === 'anthropic/claude-sonnet-4')).toHaveLength(2);
    const settled = await bed.settled(token);
    expect(settled.balance).toBe(43);
    expect(settled.history.map(([, credits]) => credits)).toEqual([2, 5]);

    // The next comparison's columns read their own answers, never the fused one.
    await compare(token, 'And the sun?', turn.sessionId);
    const claude = bed.fake.requests.filter((request) => request.body.model === 'up/claude').at(-1)!;
    expect(JSON.stringify(claude.body.messages)).not.toContain('Tides come from the moon');
    expect(claude.body.messages.map((message) => message.content)).toEqual([
      'Why do tides happen?',
      'Answer from up/claude.',
      'And the sun?',
    ]);
  });

  it('is free when the provider fails, and is stored as failed', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const turn = await compare(token, 'Compare these');
    bed.fake.script({
      kind: 'stream',
      chunks: ['Half ', 'an answer'],
      failAfter: { chunks: 1, how: 'error' },
    });

    const events = await fuse(token, turn.sessionId, { replyId: turn.replyId, model: 'openai/gpt-4o-mini' });
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: 'Failed to fuse the answers. You were not charged.',
      remainingCredits: 45,
    });
    const stored = await messages(token, '/api/chat/messages', turn.sessionId);
    expect(stored.at(-1)).toMatchObject({ status: 'failed', credits: 0, fused_from: turn.replyId });
    expect((await bed.settled(token)).balance).toBe(45);
  });
});

describe('fuse stopped', () => {
  it('is charged 2 once when stopped after text, and free when stopped before any', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const turn = await compare(token, 'Stop it');
    const stopAfter = async (chunks: number) => {
      bed.fake.script({
        kind: 'stream',
        chunks: ['Fused ', 'words ', 'keep ', 'coming'],
        chunkDelayMs: 400,
        firstChunkDelayMs: chunks ? 0 : 2_000,
      });
      const stream = await postStream(
        bed.chat.url,
        `/api/chat/sessions/${turn.sessionId}/fuse`,
        { replyId: turn.replyId, model: 'openai/gpt-4o-mini' },
        token,
      );
      const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
      if (chunks) await stream.next('delta');
      const stop = await callJson(bed.chat.url, 'POST', '/api/chat/stop', {
        token,
        body: { messageId: start.messageId },
      });
      expect(stop.status).toBe(200);
      return (await stream.all()).at(-1);
    };
    expect(await stopAfter(0)).toMatchObject({ type: 'done', status: 'stopped', remainingCredits: 45 });
    expect(await stopAfter(1)).toMatchObject({ type: 'done', status: 'stopped', remainingCredits: 43 });
    const fused = (await messages(token, '/api/chat/messages', turn.sessionId)).filter((m) => m.fused_from);
    expect(fused.map((message) => [message.status, message.credits])).toEqual([
      ['stopped', 0],
      ['stopped', 2],
    ]);
    expect((await bed.settled(token)).balance).toBe(43);
  });
});

describe('continue with this model', () => {
  it('makes a chat agent session with the member messages and that model answers, free', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const first = await compare(token, 'First question');
    // Gemini's second answer fails: that turn keeps only the question.
    bed.fake.setFallback((request) =>
      request.body.model === 'up/gemini'
        ? { kind: 'error', status: 400, message: 'refused' }
        : { kind: 'text', text: `Answer from ${request.body.model}.` },
    );
    await compare(token, 'Second question', first.sessionId);
    const second = await messages(token, '/api/chat/messages', first.sessionId);
    expect(second).toHaveLength(10);
    // A fused answer by the same model is not one of its answers.
    bed.fake.script({ kind: 'text', text: 'Fused by gemini.' });
    const fused = await fuse(token, first.sessionId, {
      replyId: second.at(-1)!.reply_id,
      model: 'google/gemini-2.5-flash-preview-05-20',
    });
    expect(fused.at(-1)).toMatchObject({ type: 'done' });

    const reply = await callJson(bed.chat.url, 'POST', `/api/chat/sessions/${first.sessionId}/continue`, {
      token,
      body: { model: 'google/gemini-2.5-flash-preview-05-20' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      tool: 'chat-agent',
      modelId: 'google/gemini-2.5-flash',
    });
    const agentSession = reply.body.sessionId as string;

    const history = await messages(token, '/api/chat/chat-agent/messages', agentSession);
    expect(history.map((message) => [message.role, message.content, message.model_name])).toEqual([
      ['user', 'First question', null],
      ['assistant', 'Answer from up/gemini.', 'google/gemini-2.5-flash'],
      ['user', 'Second question', null],
    ]);
    const sessions = await callJson(bed.chat.url, 'GET', '/api/chat/chat-agent/sessions', { token });
    expect(sessions.body.sessions).toMatchObject([
      { id: agentSession, title: 'First question', model_id: 'google/gemini-2.5-flash' },
    ]);
    // Free: two comparisons and the fuse only.
    expect((await bed.settled(token)).balance).toBe(50 - 5 - 5 - 2);

    // The chat goes on with that model, which reads the carried-over history.
    const next = await postStream(
      bed.chat.url,
      '/api/chat/chat-agent/send-message',
      { sessionId: agentSession, prompt: 'Go on', modelId: 'google/gemini-2.5-flash' },
      token,
    );
    expect((await next.all()).at(-1)).toMatchObject({ type: 'done', status: 'completed' });
    expect(bed.fake.requests.at(-1)!.body.messages.map((message) => message.content)).toEqual([
      'First question',
      'Answer from up/gemini.',
      'Second question',
      'Go on',
    ]);
  });
});

describe('another member', () => {
  it('reaches neither fuse nor continue by guessing ids, and nothing is charged', async () => {
    const owner = await bed.jwks.tokenFor(randomUUID());
    const stranger = await bed.jwks.tokenFor(randomUUID());
    const turn = await compare(owner, 'Mine');
    const own = await compare(stranger, 'Theirs');
    const requestsBefore = bed.fake.requests.length;

    const attempts = [
      [`/api/chat/sessions/${turn.sessionId}/fuse`, { replyId: turn.replyId, model: 'openai/gpt-4o-mini' }],
      // Their own session with the owner's turn.
      [`/api/chat/sessions/${own.sessionId}/fuse`, { replyId: turn.replyId, model: 'openai/gpt-4o-mini' }],
      [`/api/chat/sessions/${turn.sessionId}/fuse`, { replyId: 'not-a-uuid', model: 'openai/gpt-4o-mini' }],
      [`/api/chat/sessions/${turn.sessionId}/continue`, { model: 'openai/gpt-4o-mini' }],
      [`/api/chat/sessions/${randomUUID()}/continue`, { model: 'openai/gpt-4o-mini' }],
    ] as const;
    for (const [path, body] of attempts) {
      const reply = await callJson(bed.chat.url, 'POST', path, { token: stranger, body });
      expect(reply.status, path).toBe(404);
      expect(reply.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect(bed.fake.requests).toHaveLength(requestsBefore);
    const agentSessions = await callJson(bed.chat.url, 'GET', '/api/chat/chat-agent/sessions', {
      token: stranger,
    });
    expect(agentSessions.body.sessions).toEqual([]);
    expect((await bed.settled(stranger)).balance).toBe(45);
    expect((await bed.settled(owner)).balance).toBe(45);
    expect(await messages(owner, '/api/chat/messages', turn.sessionId)).toHaveLength(5);
  });
});

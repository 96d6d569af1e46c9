// What each answer cost, kept with it (issue 25, docs/product-rules.md#costs-and-limits): over HTTP against the
// OpenAI-compatible fake with real PostgreSQL and NATS, a session's messages say what each reply was charged, the
// same amount credits took, and 0 for a reply that was free.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatStreamEvent } from '@act/contracts';
import { callJson } from '@act/service-kit/testing';
import { postStream, startChatTestBed, type ChatTestBed } from './test-support/test-bed';

const MODEL = 'openai/gpt-4o-mini';

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_message_cost');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
});

async function send(token: string, path: string, body: object, messagesPath: string): Promise<ChatMessage[]> {
  const stream = await postStream(bed.chat.url, path, body, token);
  const events = await stream.all();
  const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
  const reply = await callJson(bed.chat.url, 'GET', `${messagesPath}?sessionId=${start.sessionId}`, {
    token,
  });
  return reply.body.messages as ChatMessage[];
}

describe('what each answer cost', () => {
  it('keeps the price of a charged reply with it, and 0 with a free one; questions carry none', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const agent = { path: '/api/chat/chat-agent/send-message', messages: '/api/chat/chat-agent/messages' };

    const answered = await send(token, agent.path, { prompt: 'hi', modelId: MODEL }, agent.messages);
    expect(answered.map((message) => [message.role, message.credits])).toEqual([
      ['user', undefined],
      ['assistant', 2],
    ]);

    const searched = await send(
      token,
      agent.path,
      { prompt: 'news', modelId: MODEL, enableWebSearch: true },
      agent.messages,
    );
    expect(searched.at(-1)?.credits).toBe(7);

    bed.fake.script({ kind: 'stream', chunks: ['partial '], failAfter: { chunks: 1, how: 'error' } });
    const failed = await send(token, agent.path, { prompt: 'fails', modelId: MODEL }, agent.messages);
    expect(failed.at(-1)).toMatchObject({ status: 'failed', credits: 0 });

    // The playground's four columns each carry the turn's one price.
    const turn = await send(token, '/api/chat/send-message', { prompt: 'four' }, '/api/chat/messages');
    expect(turn.filter((message) => message.role === 'assistant').map((message) => message.credits)).toEqual([
      5, 5, 5, 5,
    ]);
    // What the messages say is what credits took: 2 + 7 + 5 (the failed reply was refunded).
    expect(await bed.settled(token)).toMatchObject({ balance: 36 });
  });
});

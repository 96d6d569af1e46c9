// Edit and branch (issue 25, docs/architecture.md#chat-replies): over HTTP against the OpenAI-compatible fake with
// real PostgreSQL and NATS. An edit is a sibling of the message it replaces and the model reads only the path to
// it; a regenerate is a sibling answer (one playground column alone); flipping versions is kept; each costs a new
// message of its tool and a failed one nothing; another member's ids reach nothing and cost nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@act/contracts';
import { callJson } from '@act/service-kit/testing';
import { startChatTestBed, type ChatTestBed } from './test-support/test-bed';

const REASONING = {
  send: '/api/chat/chat-reasoning/send-message',
  messages: '/api/chat/chat-reasoning/messages',
};
const PLAYGROUND = { send: '/api/chat/send-message', messages: '/api/chat/messages' };
const GPT = 'openai/gpt-4o-mini';

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_branches');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
});

async function send(token: string, path: string, body: object) {
  return callJson(bed.chat.url, 'POST', path, { token, body });
}

async function messages(token: string, path: string, sessionId: string): Promise<ChatMessage[]> {
  const reply = await callJson(bed.chat.url, 'GET', `${path}?sessionId=${sessionId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.messages as ChatMessage[];
}

/** What the model was last sent, as role: text. */
function lastSent(): string[] {
  const request = bed.fake.requests.at(-1)!;
  return request.body.messages.map((message) => `${message.role}: ${String(message.content)}`);
}

const shown = (list: ChatMessage[]) => list.map((message) => message.content);

describe('edit and branch', () => {
  it('an edit branches; the model reads only the branch; versions flip and the choice is kept; costs as a message', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    bed.fake.script(
      { kind: 'text', text: 'A1' },
      { kind: 'text', text: 'A2' },
      { kind: 'text', text: 'A2 edited' },
      { kind: 'text', text: 'A2 again' },
      { kind: 'text', text: 'A3' },
    );
    const first = await send(token, REASONING.send, { prompt: 'Q1' });
    const sessionId = first.body.sessionId as string;
    await send(token, REASONING.send, { sessionId, prompt: 'Q2' });
    const linear = await messages(token, REASONING.messages, sessionId);
    expect(shown(linear)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    const [q1, , q2] = linear;
    expect(linear.every((message) => message.versions === undefined)).toBe(true);
    expect(q2!.parent_id).toBe(q1!.id);

    // The edit of Q2: the model reads Q1 and its answer, then the edited text; never Q2 or A2.
    const edited = await send(token, REASONING.send, { sessionId, prompt: 'Q2 edited', editOf: q2!.id });
    expect(edited.status).toBe(200);
    expect(lastSent()).toEqual(['user: Q1', 'assistant: A1', 'user: Q2 edited']);
    const branched = await messages(token, REASONING.messages, sessionId);
    expect(shown(branched)).toEqual(['Q1', 'A1', 'Q2 edited', 'A2 edited']);
    expect(branched[2]!.versions).toEqual({ index: 2, count: 2, previous: q2!.id, next: null });

    // Regenerate the edited message's answer: the same path again, a sibling answer.
    await send(token, REASONING.send, { sessionId, prompt: 'ignored', regenerateOf: branched[2]!.id });
    expect(lastSent()).toEqual(['user: Q1', 'assistant: A1', 'user: Q2 edited']);
    const again = await messages(token, REASONING.messages, sessionId);
    expect(shown(again)).toEqual(['Q1', 'A1', 'Q2 edited', 'A2 again']);
    expect(again[3]!.versions).toMatchObject({ index: 2, count: 2, previous: branched[3]!.id });

    // Back to the first version of Q2: its own answer shows, and so on a second read (kept, not per request).
    const flipped = await callJson(bed.chat.url, 'POST', '/api/chat/show-version', {
      token,
      body: { messageId: q2!.id },
    });
    expect(flipped.status).toBe(200);
    const back = await messages(token, REASONING.messages, sessionId);
    expect(shown(back)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    expect(back[2]!.versions).toEqual({ index: 1, count: 2, previous: null, next: branched[2]!.id });
    expect(shown(await messages(token, REASONING.messages, sessionId))).toEqual(['Q1', 'A1', 'Q2', 'A2']);

    // A new message continues the branch shown.
    await send(token, REASONING.send, { sessionId, prompt: 'Q3' });
    expect(lastSent()).toEqual(['user: Q1', 'assistant: A1', 'user: Q2', 'assistant: A2', 'user: Q3']);
    expect(shown(await messages(token, REASONING.messages, sessionId))).toEqual([
      'Q1',
      'A1',
      'Q2',
      'A2',
      'Q3',
      'A3',
    ]);

    // A regenerate that fails is free; five messages were charged 6 each.
    bed.fake.script({ kind: 'error', status: 500 });
    const failed = await send(token, REASONING.send, { sessionId, prompt: 'x', regenerateOf: q1!.id });
    expect(failed.status).toBe(502);
    expect(await bed.settled(token)).toMatchObject({ balance: 50 - 5 * 6 });
  });

  it('regenerates one playground column alone, at one message price', async () => {
    const token = await bed.jwks.tokenFor(randomUUID());
    const first = await send(token, PLAYGROUND.send, { prompt: 'P1' });
    const sessionId = first.body.sessionId as string;
    const turn = await messages(token, PLAYGROUND.messages, sessionId);
    const before = bed.fake.requests.length;
    bed.fake.script({ kind: 'text', text: 'GPT again' });
    const regenerated = await send(token, PLAYGROUND.send, {
      sessionId,
      prompt: 'P1',
      regenerateOf: turn[0]!.id,
      column: GPT,
    });
    expect(regenerated.status).toBe(200);
    expect(Object.keys(regenerated.body.responses as object)).toEqual([GPT]);
    // Only that model was asked.
    expect(bed.fake.requests.slice(before).map((request) => request.body.model)).toEqual(['up/gpt']);
    const after = await messages(token, PLAYGROUND.messages, sessionId);
    const answers = after.filter((message) => message.role === 'assistant');
    expect(answers).toHaveLength(4);
    const gpt = answers.find((message) => message.model_name === GPT)!;
    expect(gpt).toMatchObject({ content: 'GPT again', versions: { index: 2, count: 2 } });
    expect(answers.filter((message) => message.versions)).toHaveLength(1);
    expect(await bed.settled(token)).toMatchObject({ balance: 50 - 5 - 5 });
  });

  it("another member's message ids reach nothing and cost nothing", async () => {
    const owner = await bed.jwks.tokenFor(randomUUID());
    const other = await bed.jwks.tokenFor(randomUUID());
    const mine = await send(owner, REASONING.send, { prompt: 'private' });
    const [question, answer] = await messages(owner, REASONING.messages, mine.body.sessionId as string);
    const theirs = await send(other, REASONING.send, { prompt: 'own' });
    const sessionId = theirs.body.sessionId as string;
    const requests = bed.fake.requests.length;

    for (const field of ['editOf', 'regenerateOf', 'parentId']) {
      const refused = await send(other, REASONING.send, {
        sessionId,
        prompt: 'steal',
        [field]: question!.id,
      });
      expect(refused.status).toBe(404);
    }
    // An answer's id is no question to edit, even the member's own.
    const ownAnswer = (await messages(other, REASONING.messages, sessionId))[1]!;
    expect((await send(other, REASONING.send, { sessionId, prompt: 'x', editOf: ownAnswer.id })).status).toBe(
      404,
    );
    for (const messageId of [question!.id, answer!.id, 'not-a-uuid']) {
      const flip = await callJson(bed.chat.url, 'POST', '/api/chat/show-version', {
        token: other,
        body: { messageId },
      });
      expect(flip.status).toBe(404);
    }
    expect(bed.fake.requests.length).toBe(requests);
    expect(await bed.settled(other)).toMatchObject({ balance: 50 - 6 });
    expect(shown(await messages(owner, REASONING.messages, mine.body.sessionId as string))).toEqual([
      'private',
      answer!.content,
    ]);
  });

  it('chains the messages an older replica writes (no parent) after the last one, as before branches', async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    const first = await send(token, REASONING.send, { prompt: 'Q1' });
    const sessionId = first.body.sessionId as string;
    // What the release before writes: no parent_id, no shown_at.
    const question = randomUUID();
    await bed.sql`
      insert into chat_messages (id, session_id, user_id, role, content)
      values (${question}, ${sessionId}, ${userId}, 'user', 'Q2 from an old replica')`;
    await bed.sql`
      insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content)
      values (${randomUUID()}, ${sessionId}, ${userId}, 'assistant', ${randomUUID()}, 'm', 'A2 old')`;
    const rows = await messages(token, REASONING.messages, sessionId);
    expect(shown(rows)).toEqual(['Q1', rows[1]!.content, 'Q2 from an old replica', 'A2 old']);
    expect(rows[2]!.parent_id).toBe(rows[0]!.id);
    expect(rows[3]!.parent_id).toBe(question);
  });
});

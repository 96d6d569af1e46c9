// The prompt library over HTTP on real PostgreSQL (docs/product-rules.md#prompt-library): a member saves, lists,
// edits and deletes their prompts; bad input is refused with its words and changes nothing; the number kept is
// bounded even for saves at once; and prompts are private: another member's id answers 404 and is never listed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PROMPT_ERRORS, CHAT_PROMPT_LIMITS, type ChatPrompt } from '@act/contracts';
import { callJson, expectOwnerOnly } from '@act/service-kit/testing';
import { startChatTestBed, type ChatTestBed } from './test-support/test-bed';

const PROMPTS = '/api/chat/prompts';
const P = CHAT_PROMPT_ERRORS;

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_prompts');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

interface Member {
  id: string;
  token: string;
}

async function newMember(): Promise<Member> {
  const id = randomUUID();
  return { id, token: await bed.jwks.tokenFor(id) };
}

const call = (member: Member, method: string, path: string, body?: unknown) =>
  callJson(bed.chat.url, method, path, { token: member.token, ...(body ? { body } : {}) });

const raw = (member: Member, method: string, path: string, body?: unknown) =>
  fetch(`${bed.chat.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

async function save(member: Member, title: string, body: string): Promise<ChatPrompt> {
  const reply = await call(member, 'POST', PROMPTS, { title, body });
  expect(reply.status).toBe(201);
  return reply.body.prompt as ChatPrompt;
}

async function list(member: Member): Promise<ChatPrompt[]> {
  const reply = await call(member, 'GET', PROMPTS);
  expect(reply.status).toBe(200);
  return reply.body.prompts as ChatPrompt[];
}

describe('the prompt library', () => {
  it('saves, lists by title, edits and deletes a member’s prompts', async () => {
    const member = await newMember();
    const review = await save(member, 'Review code', 'Review this {{language}} code:\n\n{{code}}');
    expect(review).toMatchObject({
      title: 'Review code',
      body: 'Review this {{language}} code:\n\n{{code}}',
    });
    await save(member, 'ask a friend', 'Explain {{topic}} simply');
    expect((await list(member)).map((prompt) => prompt.title)).toEqual(['ask a friend', 'Review code']);

    const edited = await call(member, 'PATCH', `${PROMPTS}/${review.id}`, { title: 'Code review' });
    expect(edited.status).toBe(200);
    expect(edited.body.prompt).toMatchObject({ id: review.id, title: 'Code review', body: review.body });

    expect((await call(member, 'DELETE', `${PROMPTS}/${review.id}`)).status).toBe(200);
    expect((await list(member)).map((prompt) => prompt.title)).toEqual(['ask a friend']);
    expect((await call(member, 'DELETE', `${PROMPTS}/${review.id}`)).status).toBe(404);
  });

  it('refuses a missing title, an empty or too long body with their words, and saves nothing', async () => {
    const member = await newMember();
    const cases: Array<[unknown, string]> = [
      [{ title: '  ', body: 'x' }, P.titleRequired],
      [{ title: 'x'.repeat(CHAT_PROMPT_LIMITS.titleMax + 1), body: 'x' }, P.titleTooLong],
      [{ title: 'Empty', body: '  \n ' }, P.bodyRequired],
      [{ title: 'Long', body: 'x'.repeat(CHAT_PROMPT_LIMITS.bodyMax + 1) }, P.bodyTooLong],
    ];
    for (const [body, error] of cases) {
      const reply = await call(member, 'POST', PROMPTS, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(error);
    }
    expect(await list(member)).toEqual([]);
    const kept = await save(member, 'Kept', 'x'.repeat(CHAT_PROMPT_LIMITS.bodyMax));
    const tooLong = await call(member, 'PATCH', `${PROMPTS}/${kept.id}`, { body: 'y'.repeat(4001) });
    expect(tooLong.body.error).toBe(P.bodyTooLong);
    expect((await list(member))[0]!.body).toBe(kept.body);
  });

  it('keeps at most the limit of prompts, even when saved at once', async () => {
    const member = await newMember();
    const max = CHAT_PROMPT_LIMITS.promptsPerMember;
    await bed.sql`insert into chat_prompts (id, user_id, title, body)
      select gen_random_uuid(), ${member.id}, 'P' || n, 'body' from generate_series(1, ${max - 2}) n`;
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, n) => call(member, 'POST', PROMPTS, { title: `New ${n}`, body: 'b' })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(2);
    expect(replies.find((reply) => reply.status !== 201)?.body.error).toBe(P.tooManyPrompts);
    expect(await list(member)).toHaveLength(max);
  });

  it('is private: another member’s prompt answers 404 on every route and is never listed', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    await expectOwnerOnly({
      createAsOwner: async () => (await save(owner, 'Mine', 'Only {{mine}}')).id,
      ownerView: async (id) => {
        const found = (await list(owner)).find((prompt) => prompt.id === id);
        if (!found) throw new Error('gone');
        return found;
      },
      asStranger: {
        edit: (id) => raw(stranger, 'PATCH', `${PROMPTS}/${id}`, { title: 'Theirs', body: 'Stolen' }),
        delete: (id) => raw(stranger, 'DELETE', `${PROMPTS}/${id}`),
      },
    });
    expect(await list(stranger)).toEqual([]);
  });
});

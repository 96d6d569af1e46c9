// The chat workspace over HTTP (issue 38, docs/product-rules.md#chat-workspace): real PostgreSQL, NATS and credits,
// a fake provider. A member's projects (limits, rename, delete with or without their chats), chats started in or
// moved into a project and listed by it, pinned chats on top of their list across pages, custom instructions; another
// member's project or session is a 404 everywhere and changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, type ChatProject, type ChatSession } from '@act/contracts';
import { callJson, expectOwnerOnly } from '@act/service-kit/testing';
import { startChatTestBed, type ChatTestBed } from './test-support/test-bed';

const AGENT = '/api/chat/chat-agent/send-message';
const AGENT_SESSIONS = '/api/chat/chat-agent/sessions';
const PROJECTS = '/api/chat/projects';
const W = ERROR_TEXTS.chatWorkspace;

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_workspace');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
  bed.fake.setFallback({ kind: 'stream', chunks: ['An answer.'] });
});

const member = async () => bed.jwks.tokenFor(randomUUID());
const call = (token: string, method: string, path: string, body?: unknown) =>
  callJson(bed.chat.url, method, path, { token, ...(body === undefined ? {} : { body }) });

async function createProject(token: string, name = 'Novel', instructions = 'Write in British English.') {
  const reply = await call(token, 'POST', PROJECTS, { name, instructions });
  expect(reply.status).toBe(200);
  return (reply.body as { project: ChatProject }).project;
}

async function agentChat(token: string, prompt: string, extra: Record<string, unknown> = {}) {
  const reply = await call(token, 'POST', AGENT, { prompt, modelId: 'openai/gpt-4o-mini', ...extra });
  expect(reply.status).toBe(200);
  return reply.body.sessionId as string;
}

async function sessions(token: string, query = '') {
  const reply = await call(token, 'GET', `${AGENT_SESSIONS}${query}`);
  expect(reply.status).toBe(200);
  return reply.body as { sessions: ChatSession[]; nextCursor: string | null };
}

describe('projects', () => {
  it('are created, listed by name, renamed and given new instructions', async () => {
    const token = await member();
    const novel = await createProject(token, '  Novel  ');
    expect(novel).toMatchObject({ name: 'Novel', instructions: 'Write in British English.' });
    await createProject(token, 'Accounts', '');
    const listed = await call(token, 'GET', PROJECTS);
    expect((listed.body.projects as ChatProject[]).map((project) => project.name)).toEqual([
      'Accounts',
      'Novel',
    ]);

    const renamed = await call(token, 'PATCH', `${PROJECTS}/${novel.id}`, { name: 'Saga' });
    expect(renamed.body.project).toMatchObject({ name: 'Saga', instructions: 'Write in British English.' });
    const told = await call(token, 'PATCH', `${PROJECTS}/${novel.id}`, { instructions: 'Be brief.' });
    expect(told.body.project).toMatchObject({ name: 'Saga', instructions: 'Be brief.' });
  });

  it('refuses a missing or long name and long instructions with the words for it, changing nothing', async () => {
    const token = await member();
    const cases: Array<[unknown, string]> = [
      [{ name: '   ' }, W.projectNameRequired],
      [{ name: 'x'.repeat(101) }, W.projectNameTooLong],
      [{ name: 'Fine', instructions: 'x'.repeat(4001) }, W.instructionsTooLong],
    ];
    for (const [body, error] of cases) {
      const reply = await call(token, 'POST', PROJECTS, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error });
    }
    const atLimit = await call(token, 'POST', PROJECTS, {
      name: 'x'.repeat(100),
      instructions: 'y'.repeat(4000),
    });
    expect(atLimit.status).toBe(200);
    const project = (atLimit.body as { project: ChatProject }).project;
    const tooLong = await call(token, 'PATCH', `${PROJECTS}/${project.id}`, {
      instructions: 'z'.repeat(4001),
    });
    expect(tooLong.body).toMatchObject({ success: false, error: W.instructionsTooLong });
    expect((await call(token, 'GET', PROJECTS)).body.projects).toEqual([project]);
  });

  it("answers another member's project exactly like an unknown one, and leaves it unchanged", async () => {
    const owner = await member();
    const stranger = await member();
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${bed.chat.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${stranger}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const strangerChat = await agentChat(stranger, 'mine');
    await expectOwnerOnly({
      createAsOwner: async () => (await createProject(owner)).id,
      ownerView: async (id) => {
        const projects = (await call(owner, 'GET', PROJECTS)).body.projects as ChatProject[];
        const chats = await sessions(owner, `?projectId=${id}`);
        return { project: projects.find((project) => project.id === id), chats };
      },
      asStranger: {
        rename: (id) => send('PATCH', `${PROJECTS}/${id}`, { name: 'Mine now' }),
        delete: (id) => send('DELETE', `${PROJECTS}/${id}?deleteChats=true`),
        listChats: (id) => send('GET', `${AGENT_SESSIONS}?projectId=${id}`),
        startChat: (id) =>
          send('POST', AGENT, { prompt: 'in', modelId: 'openai/gpt-4o-mini', projectId: id }),
        moveChat: (id) => send('PATCH', `${AGENT_SESSIONS}/${strangerChat}`, { projectId: id }),
        instructionsInUse: (id) => send('GET', `/api/chat/instructions/in-use?projectId=${id}`),
      },
    });
    // The refused start reserved nothing and opened no chat; the refused move left the stranger's chat outside.
    expect(await bed.settled(stranger)).toMatchObject({ balance: 48 });
    expect((await sessions(stranger)).sessions.map((session) => session.project_id)).toEqual([null]);
  });
});

describe('chats in projects', () => {
  it('start in a project, move in and out of one, and each project lists its own chats', async () => {
    const token = await member();
    const novel = await createProject(token);
    const inside = await agentChat(token, 'chapter one', { projectId: novel.id });
    const outside = await agentChat(token, 'groceries');
    expect((await sessions(token, `?projectId=${novel.id}`)).sessions.map((s) => s.id)).toEqual([inside]);
    // A follow-up stays in its project whatever it names.
    await agentChat(token, 'chapter two', { sessionId: inside });

    const moved = await call(token, 'PATCH', `${AGENT_SESSIONS}/${outside}`, { projectId: novel.id });
    expect(moved.body.session).toMatchObject({ id: outside, project_id: novel.id, title: 'groceries' });
    expect((await sessions(token, `?projectId=${novel.id}`)).sessions.map((s) => s.id).sort()).toEqual(
      [inside, outside].sort(),
    );
    await call(token, 'PATCH', `${AGENT_SESSIONS}/${outside}`, { projectId: null });
    expect((await sessions(token, `?projectId=${novel.id}`)).sessions.map((s) => s.id)).toEqual([inside]);
    // Another screen's list has none of the agent's chats.
    expect((await call(token, 'GET', `/api/chat/sessions?projectId=${novel.id}`)).body.sessions).toEqual([]);
  });

  it('deleting a project keeps its chats outside it, or deletes them when asked', async () => {
    const token = await member();
    const kept = await createProject(token, 'Kept');
    const keptChat = await agentChat(token, 'keep me', { projectId: kept.id });
    const gone = await createProject(token, 'Gone');
    const goneChat = await agentChat(token, 'delete me', { projectId: gone.id });
    const other = await agentChat(token, 'untouched');

    const keep = await call(token, 'DELETE', `${PROJECTS}/${kept.id}?deleteChats=false`);
    expect(keep.body).toMatchObject({ success: true, deletedChats: 0 });
    const drop = await call(token, 'DELETE', `${PROJECTS}/${gone.id}?deleteChats=true`);
    expect(drop.body).toMatchObject({ success: true, deletedChats: 1 });

    const left = (await sessions(token)).sessions;
    expect(left.map((session) => [session.id, session.project_id]).sort()).toEqual(
      [
        [keptChat, null],
        [other, null],
      ].sort(),
    );
    expect(left.some((session) => session.id === goneChat)).toBe(false);
    expect((await call(token, 'GET', PROJECTS)).body.projects).toEqual([]);
    expect((await call(token, 'GET', `${AGENT_SESSIONS}?projectId=${gone.id}`)).status).toBe(404);
  });
});

describe('pins', () => {
  it('keeps pinned chats at the top of their list, page after page, until unpinned', async () => {
    const token = await member();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await agentChat(token, `chat ${i}`));
    // Newest first: 4 3 2 1 0. Pin 1 and 3 (the pin leaves their activity time alone).
    for (const id of [ids[1]!, ids[3]!]) {
      const pinned = await call(token, 'PATCH', `${AGENT_SESSIONS}/${id}`, { pinned: true });
      expect(pinned.body.session).toMatchObject({ id, pinned: true });
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await sessions(token, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.sessions.map((session) => session.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([ids[3], ids[1], ids[4], ids[2], ids[0]]);

    await call(token, 'PATCH', `${AGENT_SESSIONS}/${ids[3]!}`, { pinned: false });
    expect((await sessions(token)).sessions.map((session) => session.id)).toEqual([
      ids[1],
      ids[4],
      ids[3],
      ids[2],
      ids[0],
    ]);
  });

  it('refuses a PATCH that changes nothing', async () => {
    const token = await member();
    const id = await agentChat(token, 'hello');
    const reply = await call(token, 'PATCH', `${AGENT_SESSIONS}/${id}`, {});
    expect(reply.status).toBe(400);
  });
});

describe('custom instructions', () => {
  it('are empty and off at first, saved, and refused past 4,000 characters without change', async () => {
    const token = await member();
    expect((await call(token, 'GET', '/api/chat/instructions')).body.instructions).toEqual({
      text: '',
      enabled: false,
    });
    const saved = await call(token, 'PUT', '/api/chat/instructions', { text: 'Call me Sam.', enabled: true });
    expect(saved.body.instructions).toEqual({ text: 'Call me Sam.', enabled: true });
    const long = await call(token, 'PUT', '/api/chat/instructions', {
      text: 'x'.repeat(4001),
      enabled: true,
    });
    expect(long.body).toMatchObject({ success: false, error: W.instructionsTooLong });
    expect((await call(token, 'GET', '/api/chat/instructions')).body.instructions).toEqual({
      text: 'Call me Sam.',
      enabled: true,
    });
    // Another member's are their own.
    const theirs = await call(await member(), 'GET', '/api/chat/instructions');
    expect(theirs.body.instructions).toEqual({ text: '', enabled: false });
  });
});

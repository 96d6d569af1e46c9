import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { ERROR_TEXTS } from '@act/contracts';
import { createJwtVerifier, requireUser, userOf } from './auth';
import { connectDatabase, type Sql } from './database';
import { AppError, ErrorCode, isAppError } from './errors';
import { createHttpApp } from './http-app';
import { deleteOwned, findOwned, type OwnedTable } from './owned';
import type { RunningServer } from './server';
import {
  createTestDatabase,
  expectOwnerOnly,
  silentLogger,
  startTestJwks,
  startTestService,
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  type TestDatabase,
  type TestJwks,
} from './testing';

interface Note {
  id: string;
  user_id: string;
  body: string;
}

const NOTES: OwnedTable = { table: 'notes' };

let database: TestDatabase;
let sql: Sql;
let jwks: TestJwks;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase('kit_owned');
  sql = connectDatabase(database.url, { max: 2 });
  await sql`create table notes (id uuid primary key default gen_random_uuid(), user_id uuid not null, body text not null)`;
  jwks = await startTestJwks();

  // A tiny family of its own: members create, read, rename and delete their notes.
  const verifier = createJwtVerifier({
    jwksUrl: jwks.url,
    issuer: TEST_JWT_ISSUER,
    audience: TEST_JWT_AUDIENCE,
  });
  const app = createHttpApp({ name: 'notes', logger: silentLogger() });
  const router = new Router();
  router.post('/notes', requireUser(verifier), async (ctx) => {
    const [note] = await sql<Note[]>`
      insert into notes (user_id, body) values (${userOf(ctx)!.userId}, 'first draft') returning *`;
    ctx.body = { success: true, note };
  });
  router.get('/notes/:id', requireUser(verifier), async (ctx) => {
    const note = await findOwned<Note>(sql, NOTES, { id: ctx.params.id!, userId: userOf(ctx)!.userId });
    ctx.body = { success: true, note };
  });
  router.post('/notes/:id/rename', requireUser(verifier), async (ctx) => {
    const key = { id: ctx.params.id!, userId: userOf(ctx)!.userId };
    await sql.begin(async (tx) => {
      await findOwned<Note>(tx, NOTES, key);
      await tx`update notes set body = 'renamed' where id = ${key.id}`;
    });
    ctx.body = { success: true };
  });
  router.delete('/notes/:id', requireUser(verifier), async (ctx) => {
    await deleteOwned<Note>(sql, NOTES, { id: ctx.params.id!, userId: userOf(ctx)!.userId });
    ctx.body = { success: true };
  });
  // Three ways of getting it wrong, to prove the template notices each.
  router.get('/leaky/notes/:id', requireUser(verifier), async (ctx) => {
    const [note] = await sql<Note[]>`select * from notes where id = ${ctx.params.id!}::uuid`;
    ctx.body = { success: true, note };
  });
  router.get('/forbidding/notes/:id', requireUser(verifier), async (ctx) => {
    const [note] = await sql<Note[]>`select * from notes where id = ${ctx.params.id!}::uuid`;
    if (!note) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    if (note.user_id !== userOf(ctx)!.userId)
      throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.forbidden);
    ctx.body = { success: true, note };
  });
  router.get('/casting/notes/:id', requireUser(verifier), async (ctx) => {
    const [note] = await sql<Note[]>`
      select * from notes where id = ${ctx.params.id!}::uuid and user_id = ${userOf(ctx)!.userId}`;
    if (!note) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    ctx.body = { success: true, note };
  });
  app.use(router.routes()).use(router.allowedMethods());
  server = await startTestService(app);
});

afterAll(async () => {
  await server?.close();
  await jwks?.close();
  await sql?.end();
  await database?.drop();
});

async function call(method: string, path: string, userId: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${await jwks.tokenFor(userId)}` },
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

const NOT_FOUND = { status: 404, message: ERROR_TEXTS.server.notFound };

describe('findOwned and deleteOwned', () => {
  it('give the owner the row, and everyone else the same 404 as for a row that does not exist', async () => {
    const owner = randomUUID();
    const [note] = await sql<Note[]>`insert into notes (user_id, body) values (${owner}, 'mine') returning *`;
    expect(await findOwned<Note>(sql, NOTES, { id: note!.id, userId: owner })).toEqual(note);
    expect(await refusal(findOwned(sql, NOTES, { id: note!.id, userId: randomUUID() }))).toEqual(NOT_FOUND);
    expect(await refusal(findOwned(sql, NOTES, { id: randomUUID(), userId: owner }))).toEqual(NOT_FOUND);
    // Not a UUID: refused before the query, where the uuid cast would fail as a 500.
    expect(await refusal(findOwned(sql, NOTES, { id: "1' or '1'='1", userId: owner }))).toEqual(NOT_FOUND);

    expect(await refusal(deleteOwned(sql, NOTES, { id: note!.id, userId: randomUUID() }))).toEqual(NOT_FOUND);
    expect(await refusal(deleteOwned(sql, NOTES, { id: 'nope', userId: owner }))).toEqual(NOT_FOUND);
    expect(await deleteOwned<Note>(sql, NOTES, { id: note!.id, userId: owner })).toEqual(note);
    expect(await refusal(findOwned(sql, NOTES, { id: note!.id, userId: owner }))).toEqual(NOT_FOUND);
  });

  it('read other owner and id columns when the table names them so', async () => {
    await sql`create table drafts (draft_id uuid primary key, author uuid not null)`;
    const [author, draftId] = [randomUUID(), randomUUID()];
    await sql`insert into drafts values (${draftId}, ${author})`;
    const DRAFTS: OwnedTable = { table: 'drafts', idColumn: 'draft_id', ownerColumn: 'author' };
    expect(await findOwned(sql, DRAFTS, { id: draftId, userId: author })).toEqual({
      draft_id: draftId,
      author,
    });
    expect(await refusal(findOwned(sql, DRAFTS, { id: draftId, userId: randomUUID() }))).toEqual(NOT_FOUND);
  });
});

describe('a member’s notes over HTTP (the IDOR template)', () => {
  it('answers 404 to another member for every call on a note, and leaves the note as it was', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await expectOwnerOnly({
      async createAsOwner() {
        const reply = (await (await call('POST', '/notes', alice)).json()) as { note: Note };
        return reply.note.id;
      },
      async ownerView(id) {
        const reply = await call('GET', `/notes/${id}`, alice);
        if (reply.status !== 200) throw new Error(`the owner cannot read note ${id}: ${reply.status}`);
        return reply.json();
      },
      asStranger: {
        read: (id) => call('GET', `/notes/${id}`, bob),
        rename: (id) => call('POST', `/notes/${id}/rename`, bob),
        delete: (id) => call('DELETE', `/notes/${id}`, bob),
      },
    });
    // The owner still reaches and deletes it.
    const [note] = await sql<Note[]>`select * from notes where user_id = ${alice}`;
    expect((await call('DELETE', `/notes/${note!.id}`, alice)).status).toBe(200);
  });
});

describe('expectOwnerOnly', () => {
  const alice = randomUUID();
  const bob = randomUUID();
  const notesOf = (read: (id: string) => Promise<Response>) => ({
    async createAsOwner() {
      const reply = (await (await call('POST', '/notes', alice)).json()) as { note: Note };
      return reply.note.id;
    },
    ownerView: async (id: string) => (await call('GET', `/notes/${id}`, alice)).json(),
    asStranger: { read },
  });

  it('fails on a route that hands the row to anyone', async () => {
    await expect(expectOwnerOnly(notesOf((id) => call('GET', `/leaky/notes/${id}`, bob)))).rejects.toThrow(
      /another member's record/,
    );
  });

  it('fails on a 403, which tells a stranger the id exists', async () => {
    await expect(
      expectOwnerOnly(notesOf((id) => call('GET', `/forbidding/notes/${id}`, bob))),
    ).rejects.toThrow(/another member's record/);
  });

  it('fails on a route that answers 500 to an id that is not a UUID', async () => {
    await expect(expectOwnerOnly(notesOf((id) => call('GET', `/casting/notes/${id}`, bob)))).rejects.toThrow(
      /malformed id/,
    );
  });

  it('fails when a stranger call changed the record even though it answered 404', async () => {
    const vandal = async (id: string) => {
      await sql`update notes set body = 'vandalised' where id::text = ${id}`;
      return call('GET', `/notes/${id}`, bob);
    };
    await expect(expectOwnerOnly(notesOf(vandal))).rejects.toThrow(/unchanged/);
  });
});

// Stored prompt results (issue 37, docs/product-rules.md#prompt-results) over HTTP and NATS: a member's successful
// run is stored and announced to the library with its charge's commit; a failed run or a guest's is not; the list,
// reopen and delete are the member's own (another member's id is a 404); delete (HTTP and the library's
// `library.delete.prompt` request) removes the result and announces it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { natsNames, type CreationDeleteReply } from '@act/contracts/server';
import {
  backfillCreations,
  ensureCreationsStream,
  jetstreamManager,
  type RunningServer,
} from '@act/service-kit';
import {
  callJson,
  dataUrl,
  type FakeOpenAi,
  makePng,
  silentLogger,
  startFakeOpenAi,
  startServiceTestBed,
  startTestService,
  type ServiceTestBed,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp, type PromptApp } from './app';
import { migratePromptDatabase } from './db/migrate';
import { resultBackfillPage } from './domain/prompt-results';
import { startPromptLibrary } from './library';
import { createOpenAiProvider } from './providers/openai-provider';

let bed: ServiceTestBed;
let fake: FakeOpenAi;
let prompt: PromptApp;
let service: RunningServer;
let names: ReturnType<typeof natsNames>;
let png: string;

beforeAll(async () => {
  bed = await startServiceTestBed('prompt_results', migratePromptDatabase);
  names = natsNames(bed.credits.namespace);
  await ensureCreationsStream(await jetstreamManager(bed.nc), names);
  fake = await startFakeOpenAi();
  prompt = createApp({
    logger: silentLogger('prompt'),
    ...testToolAccess(bed, bed.nc),
    sql: bed.sql,
    outbox: bed.outbox,
    names,
    provider: createOpenAiProvider({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      timeoutMs: 2_000,
      retryDelayMs: 10,
      models: {
        imageToPrompt: 'v/i2p',
        magicEnhance: 't/me',
        describeImage: 'v/desc',
        videoPrompt: 'v/video',
      },
    }),
  });
  service = await startTestService(prompt.app);
  png = dataUrl(await makePng({ width: 32, height: 24 }));
}, 90_000);

afterAll(async () => {
  await service?.close();
  await bed?.close();
  await fake?.close();
}, 30_000);

async function member() {
  const userId = randomUUID();
  return { userId, token: await bed.jwks.tokenFor(userId) };
}

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, body?: unknown) =>
  callJson(service.url, method, path, { token, body, ip: '10.9.8.7' });

async function enhance(token: string | undefined, text: string, answer: string) {
  fake.script({ kind: 'text', text: answer });
  const reply = await call('POST', '/api/prompt/generate-text-prompt', token, { text });
  fake.reset();
  return reply;
}

/** The library events recorded in the outbox for one result, in order (what the relay publishes). */
async function eventsOf(id: string): Promise<Array<Record<string, unknown>>> {
  const rows = await bed.sql<Array<{ payload: Record<string, unknown> }>>`
    select payload from jetstream_outbox where payload->>'id' = ${id} order by created_at`;
  return rows.map((row) => row.payload);
}

const resultCount = async () =>
  Number((await bed.sql<Array<{ n: string }>>`select count(*)::text as n from prompt_results`)[0]!.n);

describe('stored results', () => {
  it("stores a member's result with what was typed, lists it newest first and announces it to the library", async () => {
    const { userId, token } = await member();
    const first = await enhance(token, 'a cat', 'A fluffy cat on a sofa');
    expect(first.body).toMatchObject({ success: true, remainingCredits: 49, resultId: expect.any(String) });
    fake.script({ kind: 'text', text: 'A red barn at dawn' });
    const second = await call('POST', '/api/prompt/generate-image-prompt', token, { image: png });
    fake.reset();
    const firstId = first.body.resultId as string;
    const secondId = second.body.resultId as string;

    const all = await call('GET', '/api/prompt/results', token);
    expect(all.body.results).toEqual([
      {
        id: secondId,
        tool: 'image-to-prompt',
        input: 'Image',
        text: 'A red barn at dawn',
        createdAt: expect.any(String),
      },
      {
        id: firstId,
        tool: 'magic-enhance',
        input: 'a cat',
        text: 'A fluffy cat on a sofa',
        createdAt: expect.any(String),
      },
    ]);
    const enhanced = await call('GET', '/api/prompt/results?tool=magic-enhance&limit=1', token);
    expect((enhanced.body.results as Array<{ id: string }>).map((r) => r.id)).toEqual([firstId]);
    expect(enhanced.body.nextCursor).toBeNull();
    const paged = await call('GET', '/api/prompt/results?limit=1', token);
    const next = await call(
      'GET',
      `/api/prompt/results?limit=1&cursor=${paged.body.nextCursor as string}`,
      token,
    );
    expect((next.body.results as Array<{ id: string }>).map((r) => r.id)).toEqual([firstId]);

    expect(await call('GET', `/api/prompt/results/${firstId}`, token)).toMatchObject({
      status: 200,
      body: { result: { id: firstId, tool: 'magic-enhance', text: 'A fluffy cat on a sofa' } },
    });
    expect(await eventsOf(firstId)).toEqual([
      expect.objectContaining({
        type: 'created',
        userId,
        service: 'prompt',
        kind: 'prompt',
        tool: 'magic-enhance',
        title: 'A fluffy cat on a sofa',
        text: 'A fluffy cat on a sofa',
        openUrl: `/tools/magic-enhance?open=${firstId}`,
      }),
    ]);
    expect((await bed.settled(token)).balance).toBe(47);
  });

  it('stores and announces nothing when the provider fails, and charges nothing', async () => {
    const { token } = await member();
    const before = await resultCount();
    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const failed = await call('POST', '/api/prompt/generate-text-prompt', token, { text: 'a dog' });
    fake.reset();
    expect(failed.status).toBe(502);
    expect((await call('GET', '/api/prompt/results', token)).body.results).toEqual([]);
    expect(await resultCount()).toBe(before);
    expect((await bed.settled(token)).balance).toBe(50);
  });

  it("does not store a guest's result", async () => {
    const before = await resultCount();
    const reply = await enhance(undefined, 'a horse', 'A galloping horse');
    expect(reply.status).toBe(200);
    expect(reply.body.resultId).toBeUndefined();
    expect(await resultCount()).toBe(before);
    expect((await call('GET', '/api/prompt/results')).status).toBe(401);
  });

  it("keeps results to their member: another member's id is a 404 to read and to delete, and stays", async () => {
    const owner = await member();
    const other = await member();
    const id = (await enhance(owner.token, 'a fox', 'A sly fox')).body.resultId as string;
    expect((await call('GET', '/api/prompt/results', other.token)).body.results).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const) {
      expect(await call(method, `/api/prompt/results/${id}`, other.token)).toMatchObject({
        status: 404,
        body: { success: false, error: ERROR_TEXTS.server.notFound },
      });
    }
    expect((await call('GET', '/api/prompt/results/not-a-uuid', owner.token)).status).toBe(404);
    expect((await call('GET', `/api/prompt/results/${id}`, owner.token)).status).toBe(200);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['created']);
  });

  it('deletes a result and announces the delete', async () => {
    const { userId, token } = await member();
    const id = (await enhance(token, 'a boat', 'A small boat')).body.resultId as string;
    expect(await call('DELETE', `/api/prompt/results/${id}`, token)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call('GET', `/api/prompt/results/${id}`, token)).status).toBe(404);
    expect((await call('GET', '/api/prompt/results', token)).body.results).toEqual([]);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'deleted', id, userId, service: 'prompt' });
    expect((await call('DELETE', `/api/prompt/results/${id}`, token)).status).toBe(404);
  });

  it('refuses an unknown tool and a bad cursor', async () => {
    const { token } = await member();
    expect((await call('GET', '/api/prompt/results?tool=text-to-image', token)).status).toBe(400);
    expect((await call('GET', '/api/prompt/results?cursor=nonsense', token)).status).toBe(400);
  });
});

describe('the library asks to delete (library.delete.prompt)', () => {
  it("deletes the member's result the way DELETE does, and answers false for anyone else's", async () => {
    const library = await startPromptLibrary({
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names,
      logger: silentLogger('prompt'),
      results: prompt.results,
    });
    try {
      const owner = await member();
      const other = await member();
      const id = (await enhance(owner.token, 'a tree', 'An old oak tree')).body.resultId as string;
      const ask = async (request: unknown) => {
        const reply = await bed.nc.request(`${names.creationDeletePrefix}.prompt`, JSON.stringify(request), {
          timeout: 5_000,
        });
        return reply.json<CreationDeleteReply>();
      };
      expect(await ask({ id, userId: other.userId })).toEqual({ deleted: false });
      expect(await ask({ id: 'nonsense' })).toEqual({ deleted: false });
      expect((await call('GET', `/api/prompt/results/${id}`, owner.token)).status).toBe(200);
      expect(await ask({ id, userId: owner.userId })).toEqual({ deleted: true });
      expect((await call('GET', `/api/prompt/results/${id}`, owner.token)).status).toBe(404);
      expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'deleted', id });
    } finally {
      await library.stop();
    }
  });
});

describe('backfill', () => {
  it('announces the results stored before the library once, even with two replicas starting together', async () => {
    const userId = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      await bed.sql`
        insert into prompt_results (id, user_id, tool, input, result)
        values (${id}, ${userId}, 'magic-enhance', 'a boat', 'An old boat\nat sea')`;
    }
    // As on a database the library has never seen: the backfill has not run.
    await bed.sql`delete from creation_backfills`;
    const options = {
      service: 'prompt' as const,
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names,
      logger: silentLogger('prompt'),
      backfillPage: resultBackfillPage,
      deleteResult: () => Promise.resolve(false),
      batchSize: 2,
    };
    await Promise.all([backfillCreations(options), backfillCreations(options)]);
    expect(await backfillCreations(options)).toBe(0);
    for (const id of ids) {
      expect(await eventsOf(id)).toMatchObject([
        { type: 'created', userId, service: 'prompt', title: 'An old boat', tool: 'magic-enhance' },
      ]);
    }
  });
});

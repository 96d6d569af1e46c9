// Past summaries (issue 37, docs/product-rules.md#youtube-past-summaries) over HTTP and NATS: a saved summary is
// listed to its member only and announced to the library in its own transaction; a failed one is neither; delete
// (HTTP and the library's `library.delete.youtube` request) removes it with its questions and announces that; the
// backfill announces the summaries saved before, once.
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
  type FakeOpenAi,
  silentLogger,
  startFakeOpenAi,
  startServiceTestBed,
  startTestService,
  type ServiceTestBed,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp, type YoutubeApp } from './app';
import { createSessionStore } from './db/session-store';
import { migrateYoutubeDatabase } from './db/migrate';
import { summaryBackfillPage } from './domain/summary-library';
import { startYoutubeLibrary } from './library';
import { createOpenAiSummaryProvider } from './providers/summary-provider';
import { createYoutubeFetch } from './providers/youtube-fetch';
import { createYoutubeiAdapter } from './providers/youtubei-adapter';
import { startFakeYoutube, type FakeYoutube } from './test-support/fake-youtube';

let bed: ServiceTestBed;
let openai: FakeOpenAi;
let yt: FakeYoutube;
let youtube: YoutubeApp;
let service: RunningServer;
let names: ReturnType<typeof natsNames>;

beforeAll(async () => {
  bed = await startServiceTestBed('youtube_history', migrateYoutubeDatabase);
  names = natsNames(bed.credits.namespace);
  await ensureCreationsStream(await jetstreamManager(bed.nc), names);
  openai = await startFakeOpenAi();
  yt = await startFakeYoutube();
  const fetch = createYoutubeFetch({
    youtubeBaseUrl: yt.baseUrl,
    thumbnailBaseUrl: yt.baseUrl,
    timeoutMs: 5_000,
  });
  const youtubei = createYoutubeiAdapter({ fetch });
  youtube = createApp({
    logger: silentLogger('youtube'),
    ...testToolAccess(bed, bed.nc),
    sql: bed.sql,
    outbox: bed.outbox,
    names,
    info: youtubei,
    transcripts: [youtubei],
    provider: createOpenAiSummaryProvider({
      apiKey: 'sk-test',
      baseUrl: openai.baseUrl,
      model: 'up/sum',
      timeoutMs: 5_000,
    }),
    fetch,
    transcriptCacheMs: 0,
  });
  service = await startTestService(youtube.app);
}, 90_000);

afterAll(async () => {
  await service?.close();
  await bed?.close();
  await openai?.close();
  await yt?.close();
}, 30_000);

const VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

async function summarize(token: string): Promise<string> {
  openai.script({ kind: 'text', text: 'A rabbit takes revenge on three bullies.' });
  const reply = await callJson(service.url, 'POST', '/api/youtube/summarize-youtube', {
    body: { videoUrl: VIDEO },
    token,
    ip: '10.1.2.3',
  });
  openai.reset();
  expect(reply.status).toBe(200);
  return reply.body.sessionId as string;
}

const list = (token: string, query = '') =>
  callJson(service.url, 'GET', `/api/youtube/summaries${query}`, { token, ip: '10.1.2.3' });
const remove = (token: string, id: string) =>
  callJson(service.url, 'DELETE', `/api/youtube/summaries/${id}`, { token, ip: '10.1.2.3' });

/** The library events recorded in the outbox for one result, in order (what the relay publishes). */
async function eventsOf(id: string): Promise<Array<Record<string, unknown>>> {
  const rows = await bed.sql<Array<{ payload: Record<string, unknown> }>>`
    select payload from jetstream_outbox where payload->>'id' = ${id} order by created_at`;
  return rows.map((row) => row.payload);
}

async function member() {
  const userId = randomUUID();
  return { userId, token: await bed.jwks.tokenFor(userId) };
}

describe('past summaries', () => {
  it('lists a saved summary to its member, newest first, and announces it to the library with its commit', async () => {
    const { userId, token } = await member();
    const first = await summarize(token);
    const second = await summarize(token);
    const page = await list(token, '?limit=1');
    expect(page.status).toBe(200);
    const summaries = page.body.summaries as Array<Record<string, unknown>>;
    expect(summaries).toEqual([
      expect.objectContaining({
        id: second,
        videoId: 'aqz-KE-bpKQ',
        videoUrl: VIDEO,
        title: expect.any(String),
      }),
    ]);
    const next = await list(token, `?limit=1&cursor=${page.body.nextCursor as string}`);
    expect((next.body.summaries as Array<{ id: string }>).map((s) => s.id)).toEqual([first]);
    expect(next.body.nextCursor).toBeNull();
    expect(await eventsOf(first)).toEqual([
      expect.objectContaining({
        type: 'created',
        userId,
        service: 'youtube',
        kind: 'summary',
        tool: 'youtube-summarizer',
        title: summaries[0]!.title,
        text: expect.stringContaining('A rabbit takes revenge'),
        openUrl: `/tools/youtube-summarizer?open=${first}`,
      }),
    ]);
    expect((await bed.settled(token)).balance).toBe(42);
  });

  it('keeps nothing and announces nothing when the summary fails', async () => {
    const { token } = await member();
    openai.script({ kind: 'error', status: 500 });
    const reply = await callJson(service.url, 'POST', '/api/youtube/summarize-youtube', {
      body: { videoUrl: VIDEO },
      token,
      ip: '10.1.2.3',
    });
    openai.reset();
    expect(reply.status).toBe(502);
    expect((await list(token)).body.summaries).toEqual([]);
    expect((await bed.settled(token)).balance).toBe(50);
  });

  it("shows and deletes a member's own only: another member's id is a 404 and stays", async () => {
    const owner = await member();
    const other = await member();
    const id = await summarize(owner.token);
    expect((await list(other.token)).body.summaries).toEqual([]);
    expect(await remove(other.token, id)).toMatchObject({
      status: 404,
      body: { success: false, error: ERROR_TEXTS.server.notFound },
    });
    expect(await remove(other.token, 'not-a-uuid')).toMatchObject({ status: 404 });
    expect((await list(owner.token)).body.summaries).toHaveLength(1);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['created']);
  });

  it('deletes a summary with its questions and announces the delete; the session is then a 404', async () => {
    const { userId, token } = await member();
    const id = await summarize(token);
    expect(await remove(token, id)).toMatchObject({ status: 200, body: { success: true } });
    expect((await list(token)).body.summaries).toEqual([]);
    const reopened = await callJson(service.url, 'GET', `/api/youtube/sessions/${id}`, {
      token,
      ip: '10.1.2.3',
    });
    expect(reopened.status).toBe(404);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'deleted', id, userId, service: 'youtube' });
    expect(await remove(token, id)).toMatchObject({ status: 404 });
  });

  it('refuses guests and bad cursors', async () => {
    expect((await callJson(service.url, 'GET', '/api/youtube/summaries', { ip: '10.1.2.3' })).status).toBe(
      401,
    );
    const { token } = await member();
    expect((await list(token, '?cursor=nonsense')).status).toBe(400);
  });
});

describe('the library asks to delete (library.delete.youtube)', () => {
  it("deletes the member's summary the way DELETE does, and answers false for anyone else's", async () => {
    const library = await startYoutubeLibrary({
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names,
      logger: silentLogger('youtube'),
      history: youtube.history,
    });
    try {
      const owner = await member();
      const other = await member();
      const id = await summarize(owner.token);
      const ask = async (userId: string) => {
        const reply = await bed.nc.request(
          `${names.creationDeletePrefix}.youtube`,
          JSON.stringify({ id, userId }),
          {
            timeout: 5_000,
          },
        );
        return reply.json<CreationDeleteReply>();
      };
      expect(await ask(other.userId)).toEqual({ deleted: false });
      expect((await list(owner.token)).body.summaries).toHaveLength(1);
      expect(await ask(owner.userId)).toEqual({ deleted: true });
      expect((await list(owner.token)).body.summaries).toEqual([]);
      expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'deleted', id });
      expect(await ask(owner.userId)).toEqual({ deleted: false });
    } finally {
      await library.stop();
    }
  });
});

describe('backfill', () => {
  it('announces the summaries saved before the library once, in batches, however often it runs', async () => {
    const { userId, token } = await member();
    const id = await summarize(token);
    // As if saved before this change: no event of its own.
    await bed.sql`delete from jetstream_outbox where payload->>'id' = ${id}`;
    // As on a database the library has never seen: the backfill has not run.
    await bed.sql`delete from creation_backfills`;
    const run = () =>
      backfillCreations({
        service: 'youtube',
        nc: bed.nc,
        sql: bed.sql,
        outbox: bed.outbox,
        names,
        logger: silentLogger('y'),
        backfillPage: summaryBackfillPage(createSessionStore(bed.sql)),
        deleteResult: () => Promise.resolve(false),
        batchSize: 2,
      });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({ type: 'created', id, userId, kind: 'summary' }),
    ]);
    expect(await run()).toBe(0);
  });
});

// The voice service's side of the member's library (issue 37), for real: PostgreSQL, NATS JetStream, credits, the
// fake ElevenLabs and the local S3. A stored clip reaches the CREATIONS stream with what the library lists; a failed
// job announces nothing; a delete (the history's or the library's request) removes the clip and announces it, and
// never touches another member's; the backfill announces the older clips once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioClip } from '@act/contracts';
import { CreationDeleteReplySchema, natsNames, type NatsNames } from '@act/contracts/server';
import {
  backfillCreations,
  creationAnnouncer,
  createWorkPool,
  z,
  type CreationAnnouncer,
  type CreationOwner,
  type RunningServer,
} from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields, type ObjectStore } from '@act/service-kit/files';
import {
  callJson,
  creationEvents,
  silentLogger,
  startServiceTestBed,
  startTestService,
  testObjectStoreEnv,
  testToolAccess,
  type ServiceTestBed,
} from '@act/service-kit/testing';
import { createApp, type VoiceApp } from './app';
import { migrateVoiceDatabase } from './db/migrate';
import { clipBackfillPage } from './domain/creations';
import { createLocalEngine, createWorkerThreads, type LocalEngine } from './engines/local-engine';
import { startVoiceLibrary } from './library';
import { createElevenLabsProvider } from './providers/elevenlabs';
import { FAKE_VOICES, startFakeElevenLabs, type FakeElevenLabs } from './test-support/fake-elevenlabs';

const ADAM = FAKE_VOICES[0]!.voice_id;
let bed: ServiceTestBed;
let eleven: FakeElevenLabs;
let local: LocalEngine;
let voice: VoiceApp;
let server: RunningServer;
let owner: CreationOwner;
let names: NatsNames;
let creations: CreationAnnouncer;
let files: ObjectStore;

beforeAll(async () => {
  bed = await startServiceTestBed('voice_library', migrateVoiceDatabase);
  eleven = await startFakeElevenLabs();
  local = createLocalEngine(
    createWorkPool({ size: 1, queueLimit: 4, perCallerLimit: 1, timeoutMs: 90_000 }),
    createWorkerThreads(1),
  );
  names = natsNames(bed.credits.namespace);
  creations = creationAnnouncer(bed.outbox, names, 'voice');
  files = createObjectStore(z.object(objectStoreConfigFields).parse(testObjectStoreEnv()), {
    service: 'voice',
  });
  voice = createApp({
    logger: silentLogger('voice'),
    ...testToolAccess(bed, bed.nc),
    sql: bed.sql,
    outbox: bed.outbox,
    files,
    creations,
    provider: createElevenLabsProvider({ apiKey: eleven.apiKey, baseUrl: eleven.baseUrl, timeoutMs: 10_000 }),
    local,
    voicesCacheMs: 60_000,
    jobPollMs: 500,
  });
  server = await startTestService(voice.app);
  const { nc, sql, outbox } = bed;
  owner = await startVoiceLibrary({ nc, sql, files, outbox, names, creations, logger: silentLogger() });
}, 90_000);

afterAll(async () => {
  await owner?.stop();
  await server?.close();
  await voice?.stop();
  await local?.close();
  await bed?.close();
  await eleven?.close();
}, 30_000);

async function newMember() {
  const userId = randomUUID();
  return { userId, token: await bed.jwks.tokenFor(userId) };
}

async function speak(token: string, text: string) {
  return callJson(server.url, 'POST', '/api/voice/text-to-speech', { token, body: { text, voiceId: ADAM } });
}

async function eventsOf(id: string) {
  await bed.outbox.publishPending();
  return creationEvents(bed.nc, names, id);
}

const askDelete = async (id: string, userId: string) =>
  CreationDeleteReplySchema.parse(
    (
      await bed.nc.request(`${names.creationDeletePrefix}.voice`, JSON.stringify({ id, userId }), {
        timeout: 10_000,
      })
    ).json(),
  );

describe('clips in the library', () => {
  it('announces a stored clip with its text, its audio file and the page that reopens it', async () => {
    const { token, userId } = await newMember();
    const reply = await speak(token, 'Hello there, listener.');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = (reply.body.clip as AudioClip).id;
    const [row] = await bed.sql<{ audio_key: string }[]>`select audio_key from audio_clips where id = ${id}`;
    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({
        type: 'created',
        id,
        userId,
        service: 'voice',
        kind: 'audio',
        tool: 'text-to-speech',
        title: 'Hello there, listener.',
        file: { key: row!.audio_key, contentType: 'audio/mpeg' },
        openUrl: `/tools/text-to-speech?open=${id}`,
      }),
    ]);
  });

  it('announces nothing when ElevenLabs fails and the charge is released', async () => {
    const { token, userId } = await newMember();
    eleven.failPath = { prefix: '/v1/text-to-speech', status: 500 };
    try {
      expect((await speak(token, 'Hi')).status).toBe(502);
    } finally {
      eleven.reset();
    }
    await bed.outbox.publishPending();
    const mine = (await creationEvents(bed.nc, names)).filter((event) => event.userId === userId);
    expect(mine).toEqual([]);
  });

  it("announces the history's delete, and the clip's file is gone", async () => {
    const { token } = await newMember();
    const id = ((await speak(token, 'Delete me')).body.clip as AudioClip).id;
    const [row] = await bed.sql<{ audio_key: string }[]>`select audio_key from audio_clips where id = ${id}`;
    expect((await callJson(server.url, 'DELETE', `/api/voice/history/${id}`, { token })).status).toBe(200);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created', 'deleted']);
    await expect(files.head(row!.audio_key)).rejects.toThrow();
  });

  it("answers the library's request for another member's id with deleted: false and keeps the clip", async () => {
    const mine = await newMember();
    const other = await newMember();
    const id = ((await speak(mine.token, 'Keep me')).body.clip as AudioClip).id;
    expect(await askDelete(id, other.userId)).toEqual({ deleted: false });
    expect(await bed.sql`select 1 from audio_clips where id = ${id}`).toHaveLength(1);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created']);

    expect(await askDelete(id, mine.userId)).toEqual({ deleted: true });
    expect(await bed.sql`select 1 from audio_clips where id = ${id}`).toHaveLength(0);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created', 'deleted']);
  });

  it('backfills the clips stored before once, even with two replicas starting together', async () => {
    const userId = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      await bed.sql`
        insert into audio_clips (id, user_id, tool, job_id, audio_key, text, engine)
        values (${id}, ${userId}, 'sound-effects', ${randomUUID()}, ${`voice/${userId}/${id}.mp3`}, 'Old thunder',
          'elevenlabs')`;
    }
    await bed.sql`delete from creation_backfills`;
    const options = {
      service: 'voice' as const,
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names,
      logger: silentLogger(),
      backfillPage: clipBackfillPage,
      deleteResult: () => Promise.resolve(false),
      batchSize: 2,
    };
    await Promise.all([backfillCreations(options), backfillCreations(options)]);
    expect(await backfillCreations(options)).toBe(0);
    for (const id of ids) {
      expect(await eventsOf(id)).toMatchObject([
        { type: 'created', userId, kind: 'audio', tool: 'sound-effects', title: 'Old thunder' },
      ]);
    }
  });
});

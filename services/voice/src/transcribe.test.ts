// Dictation over HTTP (docs/product-rules.md#dictation): POST /api/voice/transcribe on the real routes, real credits
// (child process) on PostgreSQL and NATS, and both speech-to-text providers as local fakes of their wire APIs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, notAvailableWithoutProviderKey } from '@act/contracts';
import { natsNames } from '@act/contracts/server';
import { createWorkPool, creationAnnouncer, z, type RunningServer } from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields } from '@act/service-kit/files';
import {
  callJson,
  makeJunkFramesMp3,
  makeWav,
  silentLogger,
  startServiceTestBed,
  startTestService,
  testObjectStoreEnv,
  testToolAccess,
  type ServiceTestBed,
} from '@act/service-kit/testing';
import { createApp, type VoiceApp } from './app';
import { migrateVoiceDatabase } from './db/migrate';
import { createLocalEngine, createWorkerThreads, type LocalEngine } from './engines/local-engine';
import { createTranscriber, type TranscriberConfig } from './providers/transcriber';
import { FAKE_TRANSCRIPT, startFakeElevenLabs, type FakeElevenLabs } from './test-support/fake-elevenlabs';
import { startFakeOpenAiStt, type FakeOpenAiStt } from './test-support/fake-openai-stt';
import { makeRecordedWebm } from './test-support/recorded-webm';

let bed: ServiceTestBed;
let eleven: FakeElevenLabs;
let openai: FakeOpenAiStt;
let local: LocalEngine;
const apps: VoiceApp[] = [];
const servers: RunningServer[] = [];
let viaEleven: RunningServer;
let viaOpenAi: RunningServer;
let without: RunningServer;

const objectStoreConfig = z.object(objectStoreConfigFields).parse(testObjectStoreEnv());
const BASE: TranscriberConfig = {
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  TRANSCRIBE_MODEL: 'whisper-1',
  ELEVENLABS_TRANSCRIBE_MODEL: 'scribe_v1',
  PROVIDER_TIMEOUT_MS: 10_000,
};

async function startWith(config: TranscriberConfig): Promise<RunningServer> {
  const voice = createApp({
    logger: silentLogger('voice'),
    ...testToolAccess(bed, bed.nc),
    sql: bed.sql,
    outbox: bed.outbox,
    creations: creationAnnouncer(bed.outbox, natsNames(bed.credits.namespace), 'voice'),
    files: createObjectStore(objectStoreConfig, { service: 'voice' }),
    provider: undefined,
    transcriber: createTranscriber(config),
    local,
    voicesCacheMs: 60_000,
  });
  apps.push(voice);
  const server = await startTestService(voice.app);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  bed = await startServiceTestBed('voice', migrateVoiceDatabase);
  eleven = await startFakeElevenLabs();
  openai = await startFakeOpenAiStt();
  local = createLocalEngine(
    createWorkPool({ size: 1, queueLimit: 1, perCallerLimit: 1, timeoutMs: 30_000 }),
    createWorkerThreads(1),
  );
  viaEleven = await startWith({
    ...BASE,
    ELEVENLABS_API_KEY: eleven.apiKey,
    ELEVENLABS_BASE_URL: eleven.baseUrl,
  });
  viaOpenAi = await startWith({ ...BASE, OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl });
  without = await startWith(BASE);
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(apps.map((app) => app.stop()));
  await local?.close();
  await bed?.close();
  await eleven?.close();
  await openai?.close();
}, 30_000);

const dataUrl = (bytes: Buffer, label = 'audio/webm') => `data:${label};base64,${bytes.toString('base64')}`;
const transcribe = (server: RunningServer, audio: string, token?: string) =>
  callJson(server.url, 'POST', '/api/voice/transcribe', { body: { audio }, ...(token ? { token } : {}) });

async function newMember() {
  const token = await bed.jwks.tokenFor(randomUUID());
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return token;
}

const settledBalance = async (token: string) => (await bed.settled(token)).balance;

describe('POST /api/voice/transcribe', () => {
  it('turns a browser recording into text through ElevenLabs for 1 credit per started minute', async () => {
    const token = await newMember();
    eleven.reset();
    const short = await transcribe(viaEleven, dataUrl(makeRecordedWebm(12)), token);
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ success: true, text: FAKE_TRANSCRIPT, remainingCredits: 49 });
    // 2 minutes and 5 seconds: three started minutes.
    const long = await transcribe(viaEleven, dataUrl(makeRecordedWebm(125)), token);
    expect(long.body).toMatchObject({ text: FAKE_TRANSCRIPT, remainingCredits: 46 });
    expect(await settledBalance(token)).toBe(46);
    expect(await bed.credits.historyOf(token)).toEqual([
      ['transcribe', 3],
      ['transcribe', 1],
    ]);
    // ElevenLabs' wire format: multipart with model_id and the recording as `file`, the key in xi-api-key.
    const calls = eleven.requests.filter((r) => r.path === '/v1/speech-to-text');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'POST', apiKey: eleven.apiKey });
    expect(calls[0]!.form).toMatchObject({ model_id: 'scribe_v1' });
    expect(calls[0]!.form!.file).toMatch(/^file:recording\.webm:audio\/webm:\d+$/);
  });

  it('uses an OpenAI-compatible /audio/transcriptions when that is the provider, and a WAV by its stated length', async () => {
    const token = await newMember();
    openai.reset();
    const reply = await transcribe(viaOpenAi, dataUrl(makeWav(61), 'audio/wav'), token);
    expect(reply.body).toMatchObject({ text: FAKE_TRANSCRIPT, remainingCredits: 48 });
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: `Bearer ${openai.apiKey}`,
    });
    expect(openai.requests[0]!.form).toMatchObject({ model: 'whisper-1', response_format: 'json' });
    expect(openai.requests[0]!.form.file).toMatch(/^file:recording\.wav:audio\/wav:\d+$/);
  });

  it('is free when the provider fails, and says so', async () => {
    const token = await newMember();
    openai.failStatus = 500;
    const reply = await transcribe(viaOpenAi, dataUrl(makeRecordedWebm(5)), token);
    openai.reset();
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ success: false, error: ERROR_TEXTS.voice.transcribeFailed });
    expect(await settledBalance(token)).toBe(50);
    expect(await bed.credits.historyOf(token)).toEqual([]);
  });

  it('refuses audio that cannot be decoded with a 400, free, without calling the provider', async () => {
    const token = await newMember();
    eleven.reset();
    for (const junk of [
      dataUrl(Buffer.from('this is not a recording at all')),
      dataUrl(makeJunkFramesMp3(), 'audio/mpeg'),
      dataUrl(makeRecordedWebm(3).subarray(0, 120)),
    ]) {
      const reply = await transcribe(viaEleven, junk, token);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: ERROR_TEXTS.validation.invalidAudio });
    }
    const tooLong = await transcribe(viaEleven, dataUrl(makeRecordedWebm(301)), token);
    expect(tooLong.body).toMatchObject({ error: ERROR_TEXTS.voice.audioTooLong });
    expect(eleven.requests.filter((r) => r.path === '/v1/speech-to-text')).toEqual([]);
    expect(await settledBalance(token)).toBe(50);
  });

  it('answers 503 free without a provider, and the status says so before anyone records', async () => {
    const token = await newMember();
    const reply = await transcribe(without, dataUrl(makeRecordedWebm(5)), token);
    const text = notAvailableWithoutProviderKey('Dictation');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ success: false, error: text });
    expect(await settledBalance(token)).toBe(50);
    const status = await callJson(without.url, 'GET', '/api/voice/status', { token });
    expect(status.body).toMatchObject({ tools: { transcribe: { available: false, note: text } } });
    const ready = await callJson(viaEleven.url, 'GET', '/api/voice/status', { token });
    expect(ready.body).toMatchObject({ tools: { transcribe: { available: true, note: null } } });
  });

  it('is for members only', async () => {
    const reply = await transcribe(viaEleven, dataUrl(makeRecordedWebm(5)));
    expect(reply.status).toBe(401);
  });

  it('never overdraws: 12 concurrent five-credit recordings on 50 credits → exactly 10 paid, balance 0', async () => {
    const token = await newMember();
    eleven.reset();
    eleven.delayMs = 100;
    const audio = dataUrl(makeRecordedWebm(250));
    const replies = await Promise.all(Array.from({ length: 12 }, () => transcribe(viaEleven, audio, token)));
    eleven.reset();
    const paid = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(paid).toHaveLength(10);
    expect(refused.every((reply) => reply.status === 402)).toBe(true);
    expect(refused[0]!.body).toMatchObject({
      error: 'Insufficient credits. Dictating this recording needs 5 credits.',
    });
    expect(await settledBalance(token)).toBe(0);
    const spent = (await bed.credits.historyOf(token)).reduce((sum, [, used]) => sum + used, 0);
    expect(spent).toBe(50);
  });
});

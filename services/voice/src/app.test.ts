// The voice service end to end over HTTP: real credits service (child process) on real PostgreSQL and NATS, the
// local S3 server, the fake ElevenLabs speaking its HTTP API (through the real SDK), the real local engines (eSpeak
// NG, RNNoise) in worker threads, and member tokens from a test JWKS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  notAvailableWithoutProviderKey,
  VoiceStreamEventSchema,
  type AudioClip,
  type VoiceStreamEvent,
} from '@act/contracts';
import { natsNames } from '@act/contracts/server';
import {
  creationAnnouncer,
  createWorkPool,
  z,
  type NatsConnection,
  type Outbox,
  type RunningServer,
  type Sql,
} from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields } from '@act/service-kit/files';
import {
  callJson,
  makeFlac,
  makeJunkFramesMp3,
  makeUnchainedMp3,
  makeWav,
  postEventStream,
  silentLogger,
  startServiceTestBed,
  startTestService,
  testObjectStoreEnv,
  type CreditsProcess,
  type ServiceTestBed,
  type TestJwks,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp, type VoiceApp } from './app';
import { migrateVoiceDatabase } from './db/migrate';
import { createLocalEngine, createWorkerThreads, type LocalEngine } from './engines/local-engine';
import { decodeMp3, encodeMp3 } from './engines/mp3';
import { energy } from './engines/pcm';
import { createElevenLabsProvider } from './providers/elevenlabs';
import {
  FAKE_VOICES,
  startFakeElevenLabs,
  toneMp3,
  type FakeElevenLabs,
} from './test-support/fake-elevenlabs';

const V = ERROR_TEXTS.validation;
/** Tests that run the engines on a shared, busy machine get more than the default 30 s (no timing is asserted). */
const LOCAL_WORK_TIMEOUT_MS = 90_000;
const ADAM = FAKE_VOICES[0]!.voice_id;

let jwks: TestJwks;
let credits: CreditsProcess;
let bed: ServiceTestBed;
let sql: Sql;
let nc: NatsConnection;
let outbox: Outbox;
let eleven: FakeElevenLabs;
let local: LocalEngine;
const apps: VoiceApp[] = [];
let keyed: RunningServer;
let offline: RunningServer;

const objectStoreConfig = z.object(objectStoreConfigFields).parse(testObjectStoreEnv());
const storeForTests = () => createObjectStore(objectStoreConfig, { service: 'voice' });

function startService(withKey: boolean) {
  const files = storeForTests();
  const voice = createApp({
    logger: silentLogger('voice'),
    ...testToolAccess({ jwks, credits }, nc),
    sql,
    outbox,
    files,
    creations: creationAnnouncer(outbox, natsNames(credits.namespace), 'voice'),
    provider: withKey
      ? createElevenLabsProvider({ apiKey: eleven.apiKey, baseUrl: eleven.baseUrl, timeoutMs: 10_000 })
      : undefined,
    local,
    voicesCacheMs: 60_000,
    jobPollMs: 500,
  });
  apps.push(voice);
  return startTestService(voice.app);
}

beforeAll(async () => {
  bed = await startServiceTestBed('voice', migrateVoiceDatabase);
  ({ jwks, credits, sql, nc, outbox } = bed);
  eleven = await startFakeElevenLabs();
  local = createLocalEngine(
    createWorkPool({ size: 2, queueLimit: 8, perCallerLimit: 2, timeoutMs: 90_000 }),
    createWorkerThreads(2),
  );
  keyed = await startService(true);
  offline = await startService(false);
}, 90_000);

afterAll(async () => {
  await keyed?.close();
  await offline?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await local?.close();
  await bed?.close();
  await eleven?.close();
}, 30_000);

const post = (server: RunningServer, path: string, body: unknown, token: string) =>
  callJson(server.url, 'POST', `/api/voice/${path}`, { body, token });
const get = (server: RunningServer, path: string, token: string) =>
  callJson(server.url, 'GET', `/api/voice/${path}`, { token });

async function newMember() {
  const userId = randomUUID();
  const token = await jwks.tokenFor(userId);
  expect(await credits.balanceOf(token)).toBe(50);
  return { token, userId };
}

async function settledBalance(token: string) {
  return (await bed.settled(token)).balance;
}

const mp3DataUrl = (bytes: Buffer, label = 'audio/mpeg') =>
  `data:${label};base64,${bytes.toString('base64')}`;

/** Reads a stored result through its signed URL (relative, same origin as the service). */
async function download(server: RunningServer, url: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${url}`, { headers });
}

async function decodedSeconds(server: RunningServer, url: string): Promise<number> {
  const response = await download(server, url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/mpeg');
  const audio = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
  return audio.samples.length / audio.sampleRate;
}

async function streamEvents(
  server: RunningServer,
  path: string,
  body: unknown,
  token: string,
  abortAfterStart = false,
): Promise<VoiceStreamEvent[]> {
  const call = await postEventStream(server.url, `/api/voice/${path}`, body, token, {
    parse: VoiceStreamEventSchema.parse,
  });
  expect(call.contentType).toContain('text/event-stream');
  if (!abortAfterStart) return call.all();
  const start = await call.next('start');
  call.hangUp();
  return call.events.slice(0, call.events.indexOf(start) + 1);
}

/** A WAV of 16-bit mono samples. */
function wavOf(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe('with ElevenLabs (the fake, through the real SDK)', () => {
  it('text to speech: eleven_flash_v2_5 MP3 44.1 kHz, stored, listed, charged 30 once', async () => {
    const { token } = await newMember();
    eleven.reset();
    const reply = await post(
      keyed,
      'text-to-speech',
      { text: 'Hello there, listener.', voiceId: ADAM },
      token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, remainingCredits: 20 });
    const call = eleven.requests.find((r) => r.path === `/v1/text-to-speech/${ADAM}`);
    expect(call).toMatchObject({
      apiKey: eleven.apiKey,
      query: { output_format: 'mp3_44100_128' },
      body: { text: 'Hello there, listener.', model_id: 'eleven_flash_v2_5' },
    });
    expect(await decodedSeconds(keyed, reply.body.audioUrl as string)).toBeGreaterThan(1);
    // What ElevenLabs billed is kept with the job (its character-cost and request-id headers).
    const [job] = await sql<Array<{ result: { provider: unknown } }>>`
      select result from jobs
      where id = (select job_id from audio_clips where id = ${(reply.body.clip as AudioClip).id})`;
    expect(job?.result.provider).toEqual({ requestId: expect.stringMatching(/^req-/), characterCost: 10 });
    const history = await get(keyed, 'history?tool=text-to-speech', token);
    const items = history.body.items as AudioClip[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      tool: 'text-to-speech',
      text: 'Hello there, listener.',
      voiceName: 'Adam',
    });
    expect(items[0]!.fileName).toMatch(/^speech-\d+\.mp3$/);
    expect(await settledBalance(token)).toBe(20);
    expect((await credits.historyOf(token)).filter(([tool]) => tool === 'text-to-speech')).toHaveLength(1);
  });

  it(
    'sound effects with a duration, voice isolation and speech to speech: each charged once (10, 20, 5)',
    async () => {
      const { token } = await newMember();
      eleven.reset();
      const effect = await post(
        keyed,
        'sound-effects',
        { prompt: 'rain on a tin roof', durationSeconds: 4 },
        token,
      );
      expect(effect.body).toMatchObject({ success: true, remainingCredits: 40 });
      expect(eleven.requests.find((r) => r.path === '/v1/sound-generation')?.body).toMatchObject({
        text: 'rain on a tin roof',
        duration_seconds: 4,
      });
      expect(await decodedSeconds(keyed, effect.body.audioUrl as string)).toBeCloseTo(4, 0);

      const recording = mp3DataUrl(toneMp3(1.5));
      const isolated = await post(keyed, 'voice-isolator', { audioFile: recording }, token);
      expect(isolated.body).toMatchObject({ success: true, remainingCredits: 20 });
      expect(isolated.body.isolatedAudioUrl).toEqual(expect.stringContaining('/api/voice/files/'));
      const upload = eleven.requests.find((r) => r.path === '/v1/audio-isolation');
      expect(upload?.contentType).toContain('multipart/form-data');

      const revoiced = await post(keyed, 'speech-to-speech', { audioFile: recording, voiceId: ADAM }, token);
      expect(revoiced.body).toMatchObject({ success: true, remainingCredits: 15 });
      expect(eleven.requests.some((r) => r.path === `/v1/speech-to-speech/${ADAM}`)).toBe(true);
      expect(await settledBalance(token)).toBe(15);
      const used = (await credits.historyOf(token)).map(([tool]) => tool).sort();
      expect(used).toEqual(['sound-effects', 'speech-to-speech', 'voice-isolator']);
    },
    LOCAL_WORK_TIMEOUT_MS,
  );

  it('charges nothing when ElevenLabs fails, and says so in the spec words', async () => {
    const { token, userId } = await newMember();
    eleven.reset();
    eleven.failPath = { prefix: '/v1/text-to-speech', status: 500 };
    const speech = await post(keyed, 'text-to-speech', { text: 'Hi', voiceId: ADAM }, token);
    expect(speech).toMatchObject({
      status: 502,
      body: { success: false, error: ERROR_TEXTS.audio.generateSpeech },
    });
    eleven.failPath = { prefix: '/v1/sound-generation', status: 500 };
    const effect = await post(keyed, 'sound-effects', { prompt: 'thunder' }, token);
    expect(effect.body).toMatchObject({ success: false, error: ERROR_TEXTS.audio.generateSoundEffect });
    eleven.failPath = { prefix: '/v1/audio-isolation', status: 503 };
    const isolated = await post(keyed, 'voice-isolator', { audioFile: mp3DataUrl(toneMp3(1)) }, token);
    expect(isolated).toMatchObject({ status: 502, body: { error: ERROR_TEXTS.audio.isolateVoice } });
    // The upload kept for the before/after switch is deleted with the failed job.
    const [job] = await sql<Array<{ key: string }>>`
      select input->>'sourceKey' as key from jobs where owner = ${userId} and tool = 'voice-isolator'`;
    await expect(storeForTests().head(job!.key)).rejects.toThrow();
    eleven.reset();
    expect(await settledBalance(token)).toBe(50);
    expect(await credits.historyOf(token)).toEqual([]);
    expect((await get(keyed, 'history', token)).body.items).toEqual([]);
  });

  it('refuses a text file named .mp3, 5 MB + 1 byte and an unknown voice with 400, holding nothing', async () => {
    const { token } = await newMember();
    eleven.reset();
    const text = Buffer.from('This is just a text file pretending to be an mp3.\n'.repeat(20));
    const fake = await post(keyed, 'voice-isolator', { audioFile: mp3DataUrl(text) }, token);
    expect(fake).toMatchObject({ status: 400, body: { error: V.invalidAudio } });
    const big = Buffer.concat([toneMp3(1), Buffer.alloc(5 * 1024 * 1024 + 1 - toneMp3(1).length)]);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    const tooLarge = await post(keyed, 'voice-isolator', { audioFile: mp3DataUrl(big) }, token);
    expect(tooLarge).toMatchObject({ status: 400, body: { error: V.audioTooLarge } });
    const unknown = await post(keyed, 'text-to-speech', { text: 'Hi', voiceId: 'not-a-listed-voice' }, token);
    expect(unknown).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.voice.unknownVoice } });
    const unknownSts = await post(
      keyed,
      'speech-to-speech',
      { audioFile: mp3DataUrl(toneMp3(1)), voiceId: 'nobody' },
      token,
    );
    expect(unknownSts).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.voice.unknownVoice } });
    const long = await post(keyed, 'text-to-speech', { text: 'x'.repeat(2001), voiceId: ADAM }, token);
    expect(long).toMatchObject({ status: 400, body: { error: V.textTooLong } });
    expect(eleven.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await settledBalance(token)).toBe(50);
    expect(await credits.historyOf(token)).toEqual([]);
  });

  it("refuses audio that only starts like audio (the red team's junk-frame MP3, a zero-byte-rate WAV) before any hold", async () => {
    const { token } = await newMember();
    eleven.reset();
    const junk = await post(
      keyed,
      'speech-to-speech',
      { audioFile: mp3DataUrl(makeJunkFramesMp3(2000)), voiceId: ADAM },
      token,
    );
    expect(junk).toMatchObject({ status: 400, body: { error: V.invalidAudio } });
    // Valid frame headers with noise between them at lengths that do not chain: no more playable than the first.
    const unchained = await post(
      keyed,
      'speech-to-speech',
      { audioFile: mp3DataUrl(makeUnchainedMp3(2000)), voiceId: ADAM },
      token,
    );
    expect(unchained).toMatchObject({ status: 400, body: { error: V.invalidAudio } });
    const zeroRate = await post(
      keyed,
      'voice-isolator',
      { audioFile: mp3DataUrl(makeWav(2, { byteRate: 0 }), 'audio/wav') },
      token,
    );
    expect(zeroRate).toMatchObject({ status: 400, body: { error: V.invalidAudio } });
    expect(eleven.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await settledBalance(token)).toBe(50);
    expect(await credits.historyOf(token)).toEqual([]);
    // The same tools take a readable recording at once.
    const fine = await post(
      keyed,
      'voice-isolator',
      { audioFile: mp3DataUrl(makeWav(2), 'audio/wav') },
      token,
    );
    expect(fine).toMatchObject({ status: 200, body: { success: true, remainingCredits: 30 } });
  });

  it('lists the provider voices with same-origin previews that play', async () => {
    const { token } = await newMember();
    const reply = await get(keyed, 'voices', token);
    const voices = reply.body.voices as Array<{ id: string; name: string; previewUrl: string }>;
    expect(voices.map((v) => v.name)).toEqual(['Adam', 'Rachel']);
    expect(voices[0]!.previewUrl).toBe(`/api/voice/voices/${ADAM}/preview`);
    const preview = await fetch(`${keyed.url}${voices[0]!.previewUrl}`);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await fetch(`${keyed.url}/api/voice/voices/someone-else/preview`)).status).toBe(404);
  });

  it(
    'streams progress and the result, and a job whose browser left still finishes, is saved and charged once',
    async () => {
      const { token } = await newMember();
      eleven.reset();
      const events = await streamEvents(
        keyed,
        'text-to-speech',
        { text: 'Streaming now.', voiceId: ADAM },
        token,
      );
      expect(events[0]).toMatchObject({ type: 'start', tool: 'text-to-speech' });
      expect(events.at(-1)).toMatchObject({ type: 'done', remainingCredits: 20 });
      expect(events.some((e) => e.type === 'progress')).toBe(true);

      const other = await newMember();
      eleven.delayMs = 1_500;
      const left = await streamEvents(
        keyed,
        'voice-isolator',
        { audioFile: mp3DataUrl(toneMp3(1)) },
        other.token,
        true,
      );
      expect(left).toEqual([expect.objectContaining({ type: 'start', tool: 'voice-isolator' })]);
      const jobId = (left[0] as { jobId: string }).jobId;
      await expect
        .poll(
          async () =>
            ((await get(keyed, `jobs/${jobId}`, other.token)).body.job as { status: string }).status,
          {
            timeout: 20_000,
          },
        )
        .toBe('succeeded');
      // Another member's job is a 404, like one that does not exist.
      expect((await get(keyed, `jobs/${jobId}`, token)).status).toBe(404);
      const items = (await get(keyed, 'history', other.token)).body.items as AudioClip[];
      expect(items.map((c) => c.tool)).toEqual(['voice-isolator']);
      expect(items[0]!.sourceUrl).toEqual(expect.stringContaining('/api/voice/files/'));
      expect(await settledBalance(other.token)).toBe(30);
      expect(await credits.historyOf(other.token)).toHaveLength(1);
      eleven.reset();
    },
    LOCAL_WORK_TIMEOUT_MS,
  );

  it('serves a result with ranges, and keeps each member to their own audio (404)', async () => {
    const { token } = await newMember();
    const reply = await post(keyed, 'sound-effects', { prompt: 'a door creaks' }, token);
    const url = reply.body.audioUrl as string;
    const partial = await download(keyed, url, { range: 'bytes=0-99' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);

    const clip = reply.body.clip as AudioClip;
    const intruder = await newMember();
    const foreignDelete = await callJson(keyed.url, 'DELETE', `/api/voice/history/${clip.id}`, {
      token: intruder.token,
    });
    expect(foreignDelete).toMatchObject({ status: 404 });
    // Reopening it by id (the library's `?open=`): the owner gets it, anyone else a 404.
    expect((await get(keyed, `history/${clip.id}`, intruder.token)).status).toBe(404);
    const reopened = await get(keyed, `history/${clip.id}`, token);
    expect(reopened.status).toBe(200);
    expect((reopened.body.clip as AudioClip).id).toBe(clip.id);
    expect((await get(keyed, 'history', intruder.token)).body.items).toEqual([]);
    // A file URL re-addressed to another owner's folder fails its signature.
    const forged = url.replace(/\/files\/[^/]+\//, `/files/${randomUUID()}/`);
    expect((await download(keyed, forged)).status).toBe(403);

    const own = await callJson(keyed.url, 'DELETE', `/api/voice/history/${clip.id}`, { token });
    expect(own.status).toBe(200);
    expect((await download(keyed, url)).status).toBe(404);
  });
});

describe('without a provider key (local engines)', () => {
  it('says which tools it can run before anyone types', async () => {
    const { token } = await newMember();
    const status = await get(offline, 'status', token);
    expect(status.body.tools).toMatchObject({
      'text-to-speech': { available: true, engine: 'local' },
      'voice-isolator': { available: true, engine: 'local', acceptedAudio: ['audio/mpeg', 'audio/wav'] },
      'sound-effects': { available: false, engine: null },
      'speech-to-speech': { available: false, engine: null },
    });
    const keyedStatus = await get(keyed, 'status', token);
    expect(keyedStatus.body.tools).toMatchObject({
      'sound-effects': { available: true, engine: 'elevenlabs' },
    });
  });

  it(
    'speaks with eSpeak NG: a real MP3 whose length grows with the text, charged 30',
    async () => {
      const { token } = await newMember();
      const voices = (await get(offline, 'voices', token)).body.voices as Array<{
        id: string;
        language: string;
      }>;
      expect(voices.map((v) => v.language)).toEqual(
        expect.arrayContaining(['English (US)', 'Spanish', 'French', 'German', 'Japanese', 'Arabic']),
      );
      const short = await post(
        offline,
        'text-to-speech',
        { text: 'Hello.', voiceId: 'local-en-us-f' },
        token,
      );
      expect(short.body).toMatchObject({ success: true, remainingCredits: 20 });
      const second = await newMember();
      const longText =
        'This sentence is a good deal longer, so the speech made from it lasts longer too. '.repeat(3);
      const long = await post(
        offline,
        'text-to-speech',
        { text: longText, voiceId: 'local-en-us-m' },
        second.token,
      );
      expect(long.status).toBe(200);
      const shortSeconds = await decodedSeconds(offline, short.body.audioUrl as string);
      const longSeconds = await decodedSeconds(offline, long.body.audioUrl as string);
      expect(shortSeconds).toBeGreaterThan(0.3);
      expect(longSeconds).toBeGreaterThan(shortSeconds * 5);
      expect((long.body.clip as AudioClip).engine).toBe('local');
      expect(await settledBalance(token)).toBe(20);
      // The spec's fallback voice (Adam) works offline too.
      const adam = await post(
        offline,
        'text-to-speech',
        { text: 'Fallback.', voiceId: ADAM },
        (await newMember()).token,
      );
      expect(adam.status).toBe(200);
    },
    LOCAL_WORK_TIMEOUT_MS,
  );

  it(
    'isolates a voice with RNNoise: a tone mixed with noise comes back with less noise energy',
    async () => {
      const { token } = await newMember();
      const rate = 48_000;
      const samples = new Float32Array(rate * 3);
      let seed = 12345;
      const noise = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return (seed / 2 ** 31) * 2 - 1;
      };
      // One second of noise alone, then two of a 220 Hz tone with the same noise.
      for (let i = 0; i < samples.length; i++) {
        samples[i] = 0.1 * noise() + (i >= rate ? 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate) : 0);
      }
      const input = mp3DataUrl(encodeMp3({ samples, sampleRate: rate }, 128));
      const reply = await post(offline, 'voice-isolator', { audioFile: input }, token);
      expect(reply.body).toMatchObject({ success: true, remainingCredits: 30 });
      const response = await download(offline, reply.body.isolatedAudioUrl as string);
      const out = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
      expect(out.sampleRate).toBe(rate);
      // The noise-only second, leaving out the edges (encoder delay, RNNoise's start-up).
      const [from, to] = [Math.round(0.2 * rate), Math.round(0.9 * rate)];
      const before = energy(samples, from, to);
      const after = energy(out.samples, from, to);
      console.info(`voice isolator noise energy: ${before.toExponential(3)} → ${after.toExponential(3)}`);
      expect(after).toBeLessThan(before * 0.5);
      expect(await settledBalance(token)).toBe(30);

      const wav = wavOf(samples.subarray(0, rate), rate);
      const fromWav = await post(
        offline,
        'voice-isolator',
        { audioFile: mp3DataUrl(wav, 'audio/wav') },
        token,
      );
      expect(fromWav.body).toMatchObject({ success: true, remainingCredits: 10 });
    },
    LOCAL_WORK_TIMEOUT_MS,
  );

  it('answers 503 for sound effects and speech to speech, and asks for MP3 or WAV, charging nothing', async () => {
    const { token } = await newMember();
    const effect = await post(offline, 'sound-effects', { prompt: 'a bell' }, token);
    expect(effect).toMatchObject({
      status: 503,
      body: { error: notAvailableWithoutProviderKey('Sound Effects Generator') },
    });
    const revoice = await post(
      offline,
      'speech-to-speech',
      { audioFile: mp3DataUrl(toneMp3(1)), voiceId: 'local-en-us-m' },
      token,
    );
    expect(revoice).toMatchObject({
      status: 503,
      body: { error: notAvailableWithoutProviderKey('Speech to Speech') },
    });
    const flac = makeFlac(44100 * 2);
    const other = await post(offline, 'voice-isolator', { audioFile: mp3DataUrl(flac, 'audio/flac') }, token);
    expect(other).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.voice.localFormats } });
    // One frame header and then filler: no stream the upload check can read, refused with the spec's words.
    const garbled = Buffer.concat([toneMp3(0.2).subarray(0, 4), Buffer.alloc(2000, 7)]);
    const unreadable = await post(offline, 'voice-isolator', { audioFile: mp3DataUrl(garbled) }, token);
    expect(unreadable).toMatchObject({ status: 400, body: { error: V.invalidAudio } });
    expect(await settledBalance(token)).toBe(50);
    expect(await credits.historyOf(token)).toEqual([]);
  });
});

// Memory under hostile uploads: 64 uploads of 10 MB at once from one member, spread over every voice tool that takes
// a recording, keep the voice process's peak resident memory under half the memory limit of its pod
// (k8s/base/voice.yaml). Each is refused: too large or unreadable (400, the spec's texts), or, while the process's
// body budget is full, unread with 503 and Retry-After. Nothing is charged, and the budget is given back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  type ChildService,
  type CreditsProcess,
  createTestDatabase,
  expectRefusedWithinMemory,
  floodUploads,
  k8sMemoryLimitMb,
  runServices,
  startChildService,
  testObjectStoreEnv,
  type TestDatabase,
  type TestJwks,
  uploadEndpointsOf,
} from '@act/service-kit/testing';
import { startFakeElevenLabs, type FakeElevenLabs } from './test-support/fake-elevenlabs';

const MiB = 1024 * 1024;

const UPLOADS = uploadEndpointsOf('voice');

let jwks: TestJwks;
let credits: CreditsProcess;
let eleven: FakeElevenLabs;
let db: TestDatabase;
let voice: ChildService;
let limitMb: number;

beforeAll(async () => {
  const run = await runServices();
  ({ jwks, credits } = run);
  eleven = await startFakeElevenLabs();
  db = await createTestDatabase('voice_upload_memory');
  limitMb = await k8sMemoryLimitMb('voice');
  voice = await startChildService('services/voice', {
    DATABASE_URL: db.url,
    ...run.serviceEnv,
    ...testObjectStoreEnv(),
    ELEVENLABS_API_KEY: eleven.apiKey,
    ELEVENLABS_BASE_URL: eleven.baseUrl,
    // What the pod's cgroup tells the service in k8s.
    MEMORY_LIMIT_MB: String(limitMb),
  });
}, 90_000);

afterAll(async () => {
  await voice?.stop();
  await db?.drop();
  await eleven?.close();
  await credits?.stop();
  await jwks?.close();
}, 30_000);

describe('voice under 64 parallel large uploads', () => {
  it.each([
    // The body limit admits 7 MB: 10 MB files are refused by it, as the red team sent them; 5 MB ones are read.
    { fileBytes: 10 * MiB, read: 413, text: ERROR_TEXTS.server.payloadTooLarge },
    { fileBytes: 5 * MiB - 1024, read: 400, text: ERROR_TEXTS.validation.invalidAudio },
  ])(
    '$fileBytes bytes each: stays under half its memory limit, charging nothing',
    async ({ fileBytes, read: status, text }) => {
      const token = await jwks.tokenFor(randomUUID());
      const flood = await floodUploads(voice, UPLOADS, {
        parallel: 64,
        fileBytes,
        headers: { authorization: `Bearer ${token}` },
      });
      expectRefusedWithinMemory(flood, { limitMb, status, texts: [text], output: voice.output });

      // The budget was given back: the next upload is read (and refused for what it is, not for memory).
      const after = await callJson(voice.url, 'POST', API_ROUTES.voice.voiceIsolator, {
        token,
        body: { audioFile: `data:audio/mpeg;base64,${Buffer.from('not audio at all').toString('base64')}` },
      });
      expect(after.body.error).toBe(ERROR_TEXTS.validation.invalidAudio);
      await credits.settled();
      expect(await credits.balanceOf(token)).toBe(50);
    },
    400_000,
  );
});

// The voice service as deployed: main.ts in its own process (TypeScript through tsx, its worker threads too), next
// to the run's credits process and the test S3 server, with no ElevenLabs key: ready, says the tools it can run,
// speaks locally and charges 30.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  createTestDatabase,
  runServices,
  scrapeMetrics,
  SHARED_METRIC_LABELS,
  startChildService,
  testObjectStoreEnv,
  type ChildService,
  type CreditsProcess,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';
import { decodeMp3 } from './engines/mp3';

let jwks: TestJwks;
let credits: CreditsProcess;
let db: TestDatabase;
let service: ChildService;

beforeAll(async () => {
  const run = await runServices();
  ({ jwks, credits } = run);
  db = await createTestDatabase('voice_main');
  service = await startChildService('services/voice', {
    DATABASE_URL: db.url,
    ...run.serviceEnv,
    ...testObjectStoreEnv(),
  });
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await db?.drop();
  await credits?.stop();
  await jwks?.close();
}, 60_000);

describe('voice main.ts', () => {
  it('is ready without a key and speaks with eSpeak NG in a worker thread, charged 30', async () => {
    expect((await fetch(`${service.opsUrl}/readyz`)).status).toBe(200);
    expect(service.output()).toContain('"provider":"local"');
    const token = await jwks.tokenFor(randomUUID());
    const status = await callJson(service.url, 'GET', '/api/voice/status', { token });
    expect(status.body.tools).toMatchObject({ 'sound-effects': { available: false } });
    const speech = await callJson(service.url, 'POST', '/api/voice/text-to-speech', {
      token,
      body: { text: 'Deployed and speaking.', voiceId: 'local-en-gb-m' },
    });
    expect(speech.body).toMatchObject({ success: true, remainingCredits: 20 });
    const audio = await fetch(`${service.url}${speech.body.audioUrl as string}`);
    const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(0.5);

    // On the ops port: the local engine's speech and the member's charge, with the labels every service has.
    const metrics = await scrapeMetrics(service.opsUrl);
    const call = { service: 'voice', provider: 'local', operation: 'text-to-speech', outcome: 'ok' };
    expect(metrics.value('provider_calls_total', call)).toBe(1);
    const charge = { service: 'voice', tool: 'text-to-speech' };
    expect(metrics.value('credits_charges_total', { ...charge, outcome: 'reserved' })).toBe(1);
    expect(metrics.value('credits_charges_total', { ...charge, outcome: 'committed' })).toBe(1);
    for (const [name, labels] of Object.entries(SHARED_METRIC_LABELS)) {
      expect(metrics.labelNames(name), name).toEqual([labels]);
    }
    // A fresh process compiles eSpeak NG's WebAssembly first; a busy machine needs more than the default 30 s.
  }, 90_000);
});

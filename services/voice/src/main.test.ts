// The voice service as deployed: main.ts in its own process (TypeScript through tsx, its worker threads too), next
// to the run's credits process and the test S3 server, with no ElevenLabs key: ready, says the tools it can run,
// speaks locally and charges 30.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  expectChargesCounted,
  expectReady,
  startServiceProcessBed,
  type ChildService,
  type ServiceProcessBed,
} from '@act/service-kit/testing';
import { decodeMp3 } from './engines/mp3';

let bed: ServiceProcessBed;
let service: ChildService;

beforeAll(async () => {
  bed = await startServiceProcessBed('services/voice', { database: 'voice_main', objectStore: true });
  service = await bed.start();
}, 90_000);

afterAll(() => bed?.close(), 60_000);

describe('voice main.ts', () => {
  it('is ready without a key and speaks with eSpeak NG in a worker thread, charged 30', async () => {
    await expectReady(service);
    // The ready line follows the listeners (and /readyz) by a moment.
    await expect.poll(() => service.output()).toContain('"provider":"local"');
    const token = await bed.jwks.tokenFor(randomUUID());
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
    const metrics = await expectChargesCounted(service, { service: 'voice', tools: ['text-to-speech'] });
    const call = { service: 'voice', provider: 'local', operation: 'text-to-speech', outcome: 'ok' };
    expect(metrics.value('provider_calls_total', call)).toBe(1);
    // The queue the JobsStuck alert reads (docs/runbooks.md#jobsstuck): the gauge is served, and no job is stuck.
    const text = await (await fetch(`${service.opsUrl}/metrics`)).text();
    expect(text).toContain('# TYPE jobs_stuck gauge');
    expect(metrics.samples.filter((s) => s.name === 'jobs_stuck')).toEqual([]);
    expect(metrics.value('outbox_pending_messages', { service: 'voice' })).toBe(0);
    // A fresh process compiles eSpeak NG's WebAssembly first; a busy machine needs more than the default 30 s.
  }, 90_000);
});

// The image service as deployed: main.ts in its own process on its own database and the local S3, next to the run's
// credits process. Without FAL_KEY it says so and charges nothing; with a key and FAL_BASE_URL at the fake fal it
// generates, stores and charges once; it stops cleanly on SIGTERM.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  dataUrl,
  expectChargesCounted,
  expectReady,
  makePng,
  scrapeMetrics,
  startServiceProcessBed,
  type ServiceProcessBed,
} from '@act/service-kit/testing';
import { startFakeFal, type FakeFal } from './test-support/fake-fal';

let bed: ServiceProcessBed;
let fal: FakeFal;

beforeAll(async () => {
  fal = await startFakeFal();
  bed = await startServiceProcessBed('services/image', {
    database: 'image_main',
    objectStore: true,
    closing: [fal],
  });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

const generate = (url: string, token: string, headers: Record<string, string> = {}) =>
  callJson(url, 'POST', '/api/image/text-to-image/generate-image', {
    token,
    headers,
    body: { model: 'seedream-v3', prompt: 'a quiet harbour', aspectRatio: 'square', imageFormat: 'webp' },
  });

describe('image main.ts', () => {
  it('without FAL_KEY is ready, says text to image is unavailable and answers 503 with nothing charged', async () => {
    const service = await bed.start({});
    try {
      await expectReady(service);
      expect((await callJson(service.url, 'GET', '/api/image/status')).body).toMatchObject({
        success: true,
        available: false,
      });
      const token = await bed.jwks.tokenFor(randomUUID());
      expect(await generate(service.url, token)).toMatchObject({
        status: 503,
        body: { error: ERROR_TEXTS.image.providerKeyMissing },
      });
      expect(await bed.credits.balanceOf(token)).toBe(50);
      // Color correction needs no key: done locally, charged 20.
      const corrected = await callJson(service.url, 'POST', '/api/image/color-correction', {
        token,
        body: { image: dataUrl(await makePng({ width: 64, height: 48 })) },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      expect(corrected.body).toMatchObject({ remainingCredits: 30, width: 64, height: 48 });
      const metrics = await scrapeMetrics(service.opsUrl);
      expect(
        metrics.value('provider_calls_total', {
          service: 'image',
          provider: 'local',
          operation: 'color-correction',
          outcome: 'ok',
        }),
      ).toBe(1);
    } finally {
      await service.stop();
    }
  });

  it('with FAL_KEY and FAL_BASE_URL generates through the fake fal, serves the file and charges 20', async () => {
    const service = await bed.start({
      FAL_KEY: 'fal-main-test',
      FAL_BASE_URL: fal.baseUrl,
      FAL_POLL_INTERVAL_MS: '20',
      FAL_EFFECT_BABY_VERSION: 'fal-ai/flux-pro/kontext',
    });
    try {
      const token = await bed.jwks.tokenFor(randomUUID());
      const reply = await generate(service.url, token, { 'x-request-id': 'image-main-generate-1' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ remainingCredits: 30, imageFormat: 'webp' });
      // The gateway's request id is the one on the service's log lines for that request.
      // (The lines reach this process through a pipe, a moment after the reply.)
      await expect.poll(() => service.output()).toContain('"requestId":"image-main-generate-1"');
      expect(fal.requests.at(-1)).toMatchObject({
        endpoint: 'fal-ai/bytedance/seedream/v3/text-to-image',
        authorization: 'Key fal-main-test',
      });
      const file = await fetch(`${service.url}${String(reply.body.imagePath)}`);
      expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/webp']);
      // A photo effect through the endpoint FAL_EFFECT_BABY_VERSION names.
      const baby = await callJson(service.url, 'POST', '/api/image/baby-version', {
        token,
        body: { image: dataUrl(await makePng({ width: 64, height: 48 })) },
      });
      expect(baby.status, JSON.stringify(baby.body)).toBe(200);
      expect(fal.requests.at(-1)).toMatchObject({ endpoint: 'fal-ai/flux-pro/kontext' });
      await bed.credits.settled();
      expect(await bed.credits.balanceOf(token)).toBe(10);

      // What Prometheus scrapes from the ops port: both fal calls, both charges, with the labels every service has.
      const metrics = await expectChargesCounted(service, {
        service: 'image',
        tools: ['text-to-image', 'baby-version'],
      });
      const falCall = { service: 'image', provider: 'fal', outcome: 'ok' };
      expect(metrics.value('provider_calls_total', { ...falCall, operation: 'text-to-image' })).toBe(1);
      expect(metrics.value('provider_calls_total', { ...falCall, operation: 'baby-version' })).toBe(1);
      // The backlog the alerts read (docs/runbooks.md#outboxbacklog): image's outbox, published, holds nothing.
      expect(metrics.value('outbox_pending_messages', { service: 'image' })).toBe(0);
      expect(metrics.labelNames('outbox_oldest_pending_age_seconds')).toEqual([['service']]);
      // credits' own /metrics: the lag of its three durable consumers once it has applied both charges, and the
      // dead letters of USAGE and NOTICES (docs/runbooks.md#creditsconsumerlag).
      await bed.credits.settled();
      const credits = await scrapeMetrics(bed.credits.opsUrl);
      const lag = credits.samples.filter((s) => s.name === 'jetstream_consumer_pending_messages');
      expect(lag.map((s) => s.labels.consumer!.replace(/^.*_/, '')).sort()).toEqual([
        'credits-usage-committed',
        'credits-usage-released',
        'credits-users',
      ]);
      expect(lag.every((s) => s.value === 0 && s.labels.service === 'credits')).toBe(true);
      expect(credits.labelNames('jetstream_dead_letter_messages')).toEqual([
        ['service', 'stream', 'subject'],
      ]);
    } finally {
      await service.stop();
    }
    expect(service.output()).toContain('"msg":"stopped"');
  });
});

// The youtube service as deployed: main.ts in its own process, pointed at the fake YouTube (YOUTUBE_BASE_URL,
// YOUTUBE_THUMBNAIL_BASE_URL) with no provider key, next to a real credits process; it stops cleanly on SIGTERM.
import { randomUUID } from 'node:crypto';
import { UI_TEXTS } from '@act/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  type ChildService,
  type CreditsProcess,
  startChildService,
  runServices,
  scrapeMetrics,
  SHARED_METRIC_LABELS,
  type TestJwks,
} from '@act/service-kit/testing';
import { startFakeYoutube, type FakeYoutube } from './test-support/fake-youtube';

let jwks: TestJwks;
let credits: CreditsProcess;
let yt: FakeYoutube;
let service: ChildService;

beforeAll(async () => {
  const run = await runServices();
  ({ jwks, credits } = run);
  yt = await startFakeYoutube();
  service = await startChildService('services/youtube', {
    ...run.serviceEnv,
    YOUTUBE_BASE_URL: yt.baseUrl,
    YOUTUBE_THUMBNAIL_BASE_URL: yt.baseUrl,
  });
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await credits?.stop();
  await yt?.close();
  await jwks?.close();
}, 30_000);

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  callJson(service.url, 'POST', `/api/youtube/${path}`, { body, headers });

describe('youtube main.ts', () => {
  it('is ready, reads YouTube from the fake and summarizes locally without a key', async () => {
    expect((await fetch(`${service.opsUrl}/readyz`)).status).toBe(200);
    expect(service.output()).toContain('"provider":"local"');

    const thumbnails = await post(
      'youtube-thumbnail-downloader/get-youtube-thumbnails',
      { videoUrl: 'https://youtu.be/aqz-KE-bpKQ' },
      { 'x-client-ip': '192.0.2.10' },
    );
    expect((thumbnails.body.thumbnails as unknown[]).length).toBe(5);

    const token = await jwks.tokenFor(randomUUID());
    const summary = await post(
      'summarize-youtube',
      { videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
      { authorization: `Bearer ${token}` },
    );
    expect(summary.status).toBe(200);
    expect(summary.body.summary as string).toContain(UI_TEXTS.youtube.localSummaryNote);
    expect(summary.body.remainingCredits).toBe(46);

    // On the ops port: the video read through youtubei, the member's charge, and the labels every service has.
    const metrics = await scrapeMetrics(service.opsUrl);
    const youtubei = { service: 'youtube', provider: 'youtubei', outcome: 'ok' };
    expect(
      metrics.value('provider_calls_total', { ...youtubei, operation: 'video-details' }),
    ).toBeGreaterThan(0);
    const charge = { service: 'youtube', tool: 'youtube-summarizer' };
    expect(metrics.value('credits_charges_total', { ...charge, outcome: 'reserved' })).toBe(1);
    expect(metrics.value('credits_charges_total', { ...charge, outcome: 'committed' })).toBe(1);
    for (const [name, labels] of Object.entries(SHARED_METRIC_LABELS)) {
      expect(metrics.labelNames(name), name).toEqual([labels]);
    }
  });
});

// The youtube service as deployed: main.ts in its own process on its own database, pointed at the fake YouTube
// (YOUTUBE_BASE_URL, YOUTUBE_THUMBNAIL_BASE_URL) with no provider key, next to a real credits process; it stops
// cleanly on SIGTERM.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  expectChargesCounted,
  expectReady,
  startServiceProcessBed,
  type ChildService,
  type ServiceProcessBed,
} from '@act/service-kit/testing';
import { startFakeYoutube } from './test-support/fake-youtube';

let bed: ServiceProcessBed;
let service: ChildService;

beforeAll(async () => {
  const yt = await startFakeYoutube();
  bed = await startServiceProcessBed('services/youtube', {
    database: 'youtube_main',
    env: { YOUTUBE_BASE_URL: yt.baseUrl, YOUTUBE_THUMBNAIL_BASE_URL: yt.baseUrl },
    closing: [yt],
  });
  service = await bed.start();
}, 90_000);

afterAll(() => bed?.close(), 30_000);

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  callJson(service.url, 'POST', `/api/youtube/${path}`, { body, headers });

describe('youtube main.ts', () => {
  it('is ready, reads YouTube from the fake and summarizes locally without a key', async () => {
    await expectReady(service);
    // The ready line follows the listeners (and /readyz) by a moment.
    await expect.poll(() => service.output()).toContain('"provider":"local"');

    const thumbnails = await post(
      'youtube-thumbnail-downloader/get-youtube-thumbnails',
      { videoUrl: 'https://youtu.be/aqz-KE-bpKQ' },
      { 'x-client-ip': '192.0.2.10' },
    );
    expect((thumbnails.body.thumbnails as unknown[]).length).toBe(5);

    const token = await bed.jwks.tokenFor(randomUUID());
    const summary = await post(
      'summarize-youtube',
      { videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
      { authorization: `Bearer ${token}` },
    );
    expect(summary.status).toBe(200);
    expect(summary.body.summary as string).toContain(UI_TEXTS.youtube.localSummaryNote);
    expect(summary.body.remainingCredits).toBe(46);
    // Saved as the member's session; without a key a question about it says so and costs nothing.
    const asked = await post(
      `sessions/${summary.body.sessionId as string}/questions`,
      { question: 'What happens?' },
      { authorization: `Bearer ${token}` },
    );
    expect(asked).toMatchObject({ status: 503, body: { error: ERROR_TEXTS.youtube.askNeedsProviderKey } });

    // On the ops port: the video read through youtubei, the member's charge, and the labels every service has.
    const metrics = await expectChargesCounted(service, {
      service: 'youtube',
      tools: ['youtube-summarizer'],
    });
    const youtubei = { service: 'youtube', provider: 'youtubei', outcome: 'ok' };
    expect(
      metrics.value('provider_calls_total', { ...youtubei, operation: 'video-details' }),
    ).toBeGreaterThan(0);
  });
});

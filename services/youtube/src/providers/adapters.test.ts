// The YouTube adapters against the local fake serving recorded responses in YouTube's formats (no live calls):
// youtubei.js player info and json3 captions, youtube-transcript's srv3 path, and the routed fetch's host rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutube, type FakeYoutube } from '../test-support/fake-youtube';
import { createYoutubeiAdapter, parseJson3, pickTrack } from './youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './youtube-transcript-adapter';
import { createYoutubeFetch, ForbiddenHostError, routeYoutubeUrl, type FetchLike } from './youtube-fetch';
import { VideoUnavailableError } from './types';

let fake: FakeYoutube;
let fetch: FetchLike;

beforeAll(async () => {
  fake = await startFakeYoutube();
  fetch = createYoutubeFetch({
    youtubeBaseUrl: fake.baseUrl,
    thumbnailBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
  });
});
afterAll(() => fake.close());

describe('routed fetch', () => {
  const bases = { youtubeBaseUrl: 'http://127.0.0.1:9', thumbnailBaseUrl: 'http://127.0.0.1:8/img' };

  it('sends youtube.com and i.ytimg.com to their overrides, keeping path and query', () => {
    expect(routeYoutubeUrl('https://www.youtube.com/youtubei/v1/player?a=1', bases).toString()).toBe(
      'http://127.0.0.1:9/youtubei/v1/player?a=1',
    );
    expect(routeYoutubeUrl('https://i.ytimg.com/vi/aqz-KE-bpKQ/default.jpg', bases).toString()).toBe(
      'http://127.0.0.1:8/img/vi/aqz-KE-bpKQ/default.jpg',
    );
    expect(routeYoutubeUrl('https://i.ytimg.com/vi/x/default.jpg', {}).host).toBe('i.ytimg.com');
  });

  it('refuses every other host, look-alikes and plain http included', async () => {
    for (const url of [
      'https://youtube.com.evil.test/watch?v=aqz-KE-bpKQ',
      'https://i.ytimg.com.evil.test/vi/aqz-KE-bpKQ/default.jpg',
      'https://evil.test/i.ytimg.com/vi/x.jpg',
      'http://i.ytimg.com/vi/aqz-KE-bpKQ/default.jpg',
      'https://127.0.0.1/vi/aqz-KE-bpKQ/default.jpg',
    ]) {
      expect(() => routeYoutubeUrl(url, bases), url).toThrow(ForbiddenHostError);
    }
    await expect(fetch('https://example.com/')).rejects.toBeInstanceOf(ForbiddenHostError);
  });
});

describe('youtubei.js adapter', () => {
  it('reads title, length, description and caption tracks from the player response', async () => {
    const adapter = createYoutubeiAdapter({ fetch });
    const video = await adapter.getVideo('aqz-KE-bpKQ');
    expect(video).toMatchObject({
      title: 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film',
      durationSeconds: 635,
      description: expect.stringContaining('giant rabbit') as string,
    });
    expect(video.captionTracks).toHaveLength(1);
    expect(video.captionTracks[0]?.languageCode).toBe('en');
    expect(fake.requests.some((r) => r.startsWith('POST /youtubei/v1/player'))).toBe(true);
  });

  it('fetches the chosen track as json3, with timestamps', async () => {
    const adapter = createYoutubeiAdapter({ fetch });
    const video = await adapter.getVideo('aqz-KE-bpKQ');
    const transcript = await adapter.getTranscript('aqz-KE-bpKQ', video);
    expect(transcript?.language).toBe('en');
    expect(transcript?.segments[0]).toEqual({ startMs: 0, text: 'Welcome to the making of Big Buck Bunny.' });
    expect(transcript?.segments.at(-1)?.startMs).toBe(75_000);
    expect(fake.requests.some((r) => r.includes('/api/timedtext') && r.includes('fmt=json3'))).toBe(true);
  });

  it('treats an empty caption body as no transcript, and no tracks as none', async () => {
    const adapter = createYoutubeiAdapter({ fetch });
    const silent = await adapter.getVideo('M7lc1UVf-VE');
    expect(await adapter.getTranscript('M7lc1UVf-VE', silent)).toBeNull();
    const zoo = await adapter.getVideo('jNQXAC9IVRw');
    expect(zoo.captionTracks).toEqual([]);
    expect(await adapter.getTranscript('jNQXAC9IVRw', zoo)).toBeNull();
  });

  it('fails with VideoUnavailableError for an unknown video and when YouTube is down', async () => {
    const adapter = createYoutubeiAdapter({ fetch });
    await expect(adapter.getVideo('xxxxxxxxxxx')).rejects.toBeInstanceOf(VideoUnavailableError);
    fake.failAll = 503;
    try {
      await expect(createYoutubeiAdapter({ fetch }).getVideo('aqz-KE-bpKQ')).rejects.toBeInstanceOf(
        VideoUnavailableError,
      );
    } finally {
      fake.failAll = undefined;
    }
  });

  it('parses json3 and prefers manual captions in the wanted language', () => {
    expect(
      parseJson3(
        JSON.stringify({
          events: [{ tStartMs: 10 }, { tStartMs: 20, segs: [{ utf8: 'a ' }, { utf8: '\nb' }] }],
        }),
      ),
    ).toEqual([{ startMs: 20, text: 'a b' }]);
    const tracks = [
      { url: 'u1', languageCode: 'en', kind: 'asr' },
      { url: 'u2', languageCode: 'de' },
      { url: 'u3', languageCode: 'en' },
    ];
    expect(pickTrack(tracks)?.url).toBe('u3');
    expect(pickTrack(tracks, 'de')?.url).toBe('u2');
  });
});

describe('youtube-transcript adapter (the second way)', () => {
  it('reads the srv3 captions with millisecond offsets', async () => {
    const transcript = await createYoutubeTranscriptAdapter({ fetch }).getTranscript(
      'aqz-KE-bpKQ',
      undefined,
    );
    expect(transcript?.segments[1]).toEqual({
      startMs: 4200,
      text: 'The film was made entirely with open source tools like Blender.',
    });
  });

  it('answers null when the video has no captions', async () => {
    expect(
      await createYoutubeTranscriptAdapter({ fetch }).getTranscript('jNQXAC9IVRw', undefined),
    ).toBeNull();
  });
});

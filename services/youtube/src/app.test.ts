// The youtube service end to end over HTTP: real credits service (child process) on real PostgreSQL and NATS, the
// service's own test database (saved summaries, committed through the outbox), the fake YouTube serving recorded
// responses, the fake OpenAI-compatible server streaming summaries and answers, and member tokens from a test JWKS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS, YoutubeStreamEventSchema, type YoutubeStreamEvent } from '@act/contracts';
import { natsNames } from '@act/contracts/server';
import { ensureCreationsStream, jetstreamManager, type RunningServer } from '@act/service-kit';
import {
  callJson,
  type FakeOpenAi,
  postEventStream,
  silentLogger,
  startFakeOpenAi,
  startServiceTestBed,
  startTestService,
  type ServiceTestBed,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp } from './app';
import { migrateYoutubeDatabase } from './db/migrate';
import { createOpenAiSummaryProvider, type SummaryProvider } from './providers/summary-provider';
import { createYoutubeFetch } from './providers/youtube-fetch';
import { createYoutubeiAdapter } from './providers/youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './providers/youtube-transcript-adapter';
import { FAKE_JPEG, startFakeYoutube, type FakeYoutube } from './test-support/fake-youtube';

const V = ERROR_TEXTS.validation;

let bed: ServiceTestBed;
let openai: FakeOpenAi;
let yt: FakeYoutube;
let service: RunningServer;
let localService: RunningServer;

function startService(provider: SummaryProvider | undefined) {
  const fetch = createYoutubeFetch({
    youtubeBaseUrl: yt.baseUrl,
    thumbnailBaseUrl: yt.baseUrl,
    timeoutMs: 5_000,
  });
  const youtubei = createYoutubeiAdapter({ fetch });
  const { jwks, credits, nc, sql, outbox } = bed;
  return startTestService(
    createApp({
      logger: silentLogger('youtube'),
      ...testToolAccess({ jwks, credits }, nc),
      sql,
      outbox,
      names: natsNames(bed.credits.namespace),
      info: youtubei,
      transcripts: [youtubei, createYoutubeTranscriptAdapter({ fetch })],
      provider,
      fetch,
      transcriptCacheMs: 0,
    }).app,
  );
}

beforeAll(async () => {
  bed = await startServiceTestBed('youtube', migrateYoutubeDatabase);
  // The saved summaries' library events need their stream, as youtubeAppOf makes sure at start.
  await ensureCreationsStream(await jetstreamManager(bed.nc), natsNames(bed.credits.namespace));
  openai = await startFakeOpenAi();
  yt = await startFakeYoutube();
  service = await startService(
    createOpenAiSummaryProvider({
      apiKey: 'sk-test',
      baseUrl: openai.baseUrl,
      model: 'up/sum',
      timeoutMs: 5_000,
    }),
  );
  localService = await startService(undefined);
}, 90_000);

afterAll(async () => {
  await service?.close();
  await localService?.close();
  await bed?.close();
  await openai?.close();
  await yt?.close();
}, 30_000);

beforeEach(() => {
  openai.reset();
  yt.failAll = undefined;
});

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const post = (path: string, body: unknown, token?: string, server = service) =>
  callJson(server.url, 'POST', `/api/youtube/${path}`, { body, token, ip: '10.1.2.3' });

async function streamSummary(token: string, videoUrl: string): Promise<YoutubeStreamEvent[]> {
  const call = await postEventStream(service.url, '/api/youtube/summarize-youtube', { videoUrl }, token, {
    parse: YoutubeStreamEventSchema.parse,
  });
  expect(call.contentType).toContain('text/event-stream');
  return call.all();
}

async function newMember() {
  const token = await bed.jwks.tokenFor(randomUUID());
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return token;
}

async function settledBalance(token: string) {
  return (await bed.settled(token)).balance;
}

describe('thumbnails (free, guests and members)', () => {
  it('lists the five sizes on i.ytimg.com for a watch link, for a guest', async () => {
    const reply = await post('youtube-thumbnail-downloader/get-youtube-thumbnails', {
      videoUrl: watch('aqz-KE-bpKQ'),
      toolName: 'youtube-thumbnail-downloader',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, videoId: 'aqz-KE-bpKQ', remainingCredits: null });
    const thumbnails = reply.body.thumbnails as Array<{ url: string; label: string; resolution: string }>;
    expect(thumbnails.map((t) => t.resolution)).toEqual([
      '1280x720',
      '640x480',
      '480x360',
      '320x180',
      '120x90',
    ]);
    expect(thumbnails[0]).toEqual({
      url: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/maxresdefault.jpg',
      label: 'Max Resolution',
      resolution: '1280x720',
    });
  });

  it('leaves out sizes the video lacks (short link), and answers a member with the unchanged balance', async () => {
    const token = await newMember();
    const reply = await post(
      'youtube-thumbnail-downloader/get-youtube-thumbnails',
      { videoUrl: 'https://youtu.be/jNQXAC9IVRw' },
      token,
    );
    expect(reply.body).toMatchObject({ success: true, videoId: 'jNQXAC9IVRw', remainingCredits: 50 });
    expect((reply.body.thumbnails as unknown[]).length).toBe(3);
  });

  it('lists all five when i.ytimg.com cannot be reached (and checks again later)', async () => {
    const url = { videoUrl: watch('dQw4w9WgXcQ') };
    yt.failAll = 503;
    const unreachable = await post('youtube-thumbnail-downloader/get-youtube-thumbnails', url);
    expect((unreachable.body.thumbnails as unknown[]).length).toBe(5);
    yt.failAll = undefined;
    const reachable = await post('youtube-thumbnail-downloader/get-youtube-thumbnails', url);
    expect((reachable.body.thumbnails as unknown[]).length).toBe(3);
    // Checked once: the next lookup of the video asks i.ytimg.com nothing.
    const before = yt.requests.length;
    await post('youtube-thumbnail-downloader/get-youtube-thumbnails', url);
    expect(yt.requests.length).toBe(before);
  });

  it('refuses embed links, other id lengths and look-alike hosts', async () => {
    for (const videoUrl of [
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=aqz-KE-bpK',
      'https://youtube.com.evil.test/watch?v=aqz-KE-bpKQ',
      'https://evil.test/youtu.be/aqz-KE-bpKQ',
    ]) {
      const reply = await post('youtube-thumbnail-downloader/get-youtube-thumbnails', { videoUrl });
      expect(reply, videoUrl).toMatchObject({
        status: 400,
        body: { success: false, error: V.invalidYoutubeUrl },
      });
    }
  });
});

describe('transcript (free, members)', () => {
  const getTranscript = (query: string, token?: string) =>
    fetch(`${service.url}/api/youtube/transcript?${query}`, {
      headers: { 'x-client-ip': '10.1.2.3', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const link = (id: string) => encodeURIComponent(watch(id));

  it('answers the lines as JSON in their own language, free', async () => {
    const token = await newMember();
    const reply = await callJson(
      service.url,
      'GET',
      `/api/youtube/transcript?videoUrl=${link('LXb3EKWsInQ')}`,
      {
        token,
        ip: '10.1.2.3',
      },
    );
    expect(reply).toEqual({
      status: 200,
      body: {
        success: true,
        videoId: 'LXb3EKWsInQ',
        language: 'es',
        lines: [
          { startMs: 1000, text: 'Bienvenidos a Costa Rica.' },
          { startMs: 65000, text: 'Los volcanes y las playas son hermosos.' },
        ],
      },
    });
    expect(openai.requests).toHaveLength(0);
    expect(await settledBalance(token)).toBe(50);
  });

  it('downloads it as .srt and .txt attachments', async () => {
    const token = await newMember();
    const srt = await getTranscript(`videoUrl=${link('aqz-KE-bpKQ')}&format=srt`, token);
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-disposition')).toBe('attachment; filename="aqz-KE-bpKQ-transcript.srt"');
    const srtText = await srt.text();
    expect(
      srtText.startsWith('1\n00:00:00,000 --> 00:00:04,200\nWelcome to the making of Big Buck Bunny.\n\n2\n'),
    ).toBe(true);
    expect(
      srtText.endsWith(
        '9\n00:01:15,000 --> 00:01:19,000\nOpen source tools made the rabbit film possible for everyone.\n',
      ),
    ).toBe(true);
    const txt = await getTranscript(`videoUrl=${link('aqz-KE-bpKQ')}&format=txt`, token);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('content-disposition')).toBe('attachment; filename="aqz-KE-bpKQ-transcript.txt"');
    const lines = (await txt.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[8]).toBe('[1:15] Open source tools made the rabbit film possible for everyone.');
    expect(await settledBalance(token)).toBe(50);
  });

  it('refuses guests, bad links and formats, videos without a transcript and huge transcripts, in product words', async () => {
    expect((await getTranscript(`videoUrl=${link('aqz-KE-bpKQ')}`)).status).toBe(401);
    const token = await newMember();
    const bad = await getTranscript(
      `videoUrl=${encodeURIComponent('https://youtube.com.evil.test/watch?v=aqz-KE-bpKQ')}`,
      token,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: V.invalidYoutubeUrl });
    expect((await getTranscript(`videoUrl=${link('aqz-KE-bpKQ')}&format=pdf`, token)).status).toBe(400);
    const none = await getTranscript(`videoUrl=${link('jNQXAC9IVRw')}&format=srt`, token);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: ERROR_TEXTS.youtube.noTranscript });
    const gone = await getTranscript(`videoUrl=${link('xxxxxxxxxxx')}`, token);
    expect(gone.status).toBe(502);
    expect(await gone.json()).toMatchObject({ error: ERROR_TEXTS.youtube.videoUnavailable });
    yt.videos['HugeCaption'] = {
      title: 'Huge',
      lengthSeconds: 36_000,
      description: '',
      captions: [
        {
          languageCode: 'en',
          lines: Array.from({ length: 20_001 }, (_v, i) => ({
            startMs: i * 1000,
            durationMs: 1000,
            text: `Line ${i}.`,
          })),
        },
      ],
    };
    const huge = await getTranscript(`videoUrl=${link('HugeCaption')}&format=txt`, token);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: ERROR_TEXTS.youtube.transcriptTooLong });
    expect(await settledBalance(token)).toBe(50);
  });
});

describe('thumbnail download', () => {
  it('answers the jpg as an attachment named tool-name-timestamp.jpg', async () => {
    const response = await fetch(`${service.url}/api/youtube/thumbnail?videoId=aqz-KE-bpKQ&size=hq`, {
      headers: { 'x-client-ip': '10.1.2.3' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="youtube-thumbnail-downloader-\d+\.jpg"$/,
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FAKE_JPEG);
    expect(yt.requests).toContain('GET /vi/aqz-KE-bpKQ/hqdefault.jpg');
  });

  it('only ever fetches i.ytimg.com/vi/<id>/<size>: no URL from the request, bad ids and sizes refused', async () => {
    const before = yt.requests.length;
    for (const query of [
      'videoId=aqz-KE-bpKQ&size=https://evil.test/x.jpg',
      'videoId=../../etc/pa&size=hq',
      'videoId=aqz-KE-bpKQ%2F..%2F..&size=hq',
      'url=https://evil.test/x.jpg',
    ]) {
      const response = await fetch(`${service.url}/api/youtube/thumbnail?${query}`);
      expect(response.status, query).toBe(400);
    }
    expect(yt.requests.length).toBe(before);
    const missing = await fetch(`${service.url}/api/youtube/thumbnail?videoId=jNQXAC9IVRw&size=maxres`);
    expect(missing.status).toBe(404);
  });
});

/** The fake Bunny's own chapters (its description), each with its key sentence from the transcript as gist. */
const BUNNY_CHAPTERS = [
  {
    title: 'Making of',
    gist: 'Welcome to the making of Big Buck Bunny.',
    startSeconds: 0,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=0s',
  },
  {
    title: 'The meadow',
    gist: 'A giant rabbit wakes up in a sunny meadow full of butterflies.',
    startSeconds: 9,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=9s',
  },
  {
    title: 'Revenge',
    gist: expect.any(String) as unknown as string,
    startSeconds: 20,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=20s',
  },
  {
    title: 'Open source',
    gist: 'Open source tools made the rabbit film possible for everyone.',
    startSeconds: 75,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=75s',
  },
];

describe('summarizer (4 credits, members)', () => {
  it('summarizes from the transcript through the provider: title, duration, summary; 50 → 46', async () => {
    const token = await newMember();
    openai.script({ kind: 'text', text: 'A rabbit takes revenge. [0:27](link) traps.' });
    const reply = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token);
    expect(reply).toEqual({
      status: 200,
      body: {
        success: true,
        sessionId: expect.any(String) as unknown as string,
        summary: 'A rabbit takes revenge. [0:27](link) traps.',
        videoInfo: {
          title: 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film',
          duration: '10:35',
        },
        chapters: { source: 'video', items: BUNNY_CHAPTERS },
        remainingCredits: 46,
      },
    });
    // The video's own chapters need no second provider call.
    expect(openai.requests).toHaveLength(1);
    const sent = openai.requests[0]?.body.messages.at(-1)?.content as string;
    expect(sent).toContain(
      '[0:27](https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=27s) He builds clever traps',
    );
    expect(await settledBalance(token)).toBe(46);
  });

  it('streams start, deltas and done over SSE for an embed link', async () => {
    const token = await newMember();
    openai.script({ kind: 'stream', chunks: ['The ', 'rabbit ', 'wins.'] });
    const events = await streamSummary(token, 'https://www.youtube.com/embed/aqz-KE-bpKQ');
    expect(events[0]).toMatchObject({ type: 'start', source: 'transcript', local: false });
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''))).toEqual([
      'The ',
      'rabbit ',
      'wins.',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'done',
      sessionId: expect.any(String) as unknown as string,
      summary: 'The rabbit wins.',
      videoInfo: {
        title: 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film',
        duration: '10:35',
      },
      chapters: { source: 'video', items: BUNNY_CHAPTERS },
      remainingCredits: 46,
    });
    expect(await settledBalance(token)).toBe(46);
  });

  it('ends a failed stream with an error event and charges nothing', async () => {
    const token = await newMember();
    openai.script({ kind: 'stream', chunks: ['a', 'b'], failAfter: { chunks: 1, how: 'error' } });
    const events = await streamSummary(token, watch('aqz-KE-bpKQ'));
    expect(events[0]).toMatchObject({ type: 'start' });
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: ERROR_TEXTS.youtube.generateSummaryRetry,
      code: 'PROVIDER_FAILED',
    });
    expect(await settledBalance(token)).toBe(50);
  });

  it('stops the provider and charges nothing when the member leaves before the summary is done', async () => {
    const token = await newMember();
    openai.script({ kind: 'stream', chunks: Array.from({ length: 40 }, () => 'w '), chunkDelayMs: 50 });
    const call = await postEventStream<YoutubeStreamEvent>(
      service.url,
      '/api/youtube/summarize-youtube',
      { videoUrl: watch('aqz-KE-bpKQ') },
      token,
    );
    await call.next('delta');
    call.hangUp();
    const closed = await openai.whenClientCloses();
    expect(closed.chunksSent).toBeLessThan(40);
    await expect.poll(() => settledBalance(token), { timeout: 5_000 }).toBe(50);
  });

  it('falls back to the description when there is no transcript, and says so', async () => {
    const token = await newMember();
    openai.script({ kind: 'text', text: 'The first YouTube video, at a zoo.' });
    const reply = await post('summarize-youtube', { videoUrl: 'https://youtu.be/jNQXAC9IVRw' }, token);
    expect(reply.status).toBe(200);
    expect(reply.body.summary).toBe(
      `${UI_TEXTS.youtube.descriptionSummaryNote}\n\nThe first YouTube video, at a zoo.`,
    );
    expect(reply.body.videoInfo).toEqual({ title: 'Me at the zoo', duration: '0:19' });
    expect(openai.requests[0]?.body.messages.at(-1)?.content).toContain('Description:');
  });

  it('reads the captions the second way when the first gets an empty body, in their language', async () => {
    const token = await newMember();
    openai.script({ kind: 'text', text: 'Costa Rica: volcanes y playas.' });
    const reply = await post('summarize-youtube', { videoUrl: watch('LXb3EKWsInQ') }, token);
    expect(reply.body).toMatchObject({
      success: true,
      videoInfo: { title: 'Costa Rica in 4K', duration: '1:00:00' },
    });
    const [system, user] = openai.requests[0]?.body.messages ?? [];
    expect(system?.content).toContain('"es"');
    expect(user?.content).toContain('[1:05](https://www.youtube.com/watch?v=LXb3EKWsInQ&t=65s) Los volcanes');
    expect(await settledBalance(token)).toBe(46);
  });

  it('has the AI write chapters when the video has none, in the summary language, linking to their moments', async () => {
    const token = await newMember();
    openai.script(
      { kind: 'text', text: 'Costa Rica.' },
      {
        kind: 'text',
        text: 'Here:\n[{"start":"0:00","title":"Welcome","gist":"Arrival."},{"start":"1:05","title":"Volcanoes","gist":"Volcanoes and beaches."},{"start":"99:00","title":"Past the end","gist":""}]',
      },
    );
    const reply = await post(
      'summarize-youtube',
      { videoUrl: watch('LXb3EKWsInQ'), language: 'English' },
      token,
    );
    expect(reply.body.chapters).toEqual({
      source: 'ai',
      items: [
        {
          title: 'Welcome',
          gist: 'Arrival.',
          startSeconds: 0,
          url: 'https://www.youtube.com/watch?v=LXb3EKWsInQ&t=0s',
        },
        {
          title: 'Volcanoes',
          gist: 'Volcanoes and beaches.',
          startSeconds: 65,
          url: 'https://www.youtube.com/watch?v=LXb3EKWsInQ&t=65s',
        },
      ],
    });
    const [system, user] = openai.requests[1]?.body.messages ?? [];
    expect(system?.content).toContain('"English"');
    expect(user?.content).toContain('[1:05] Los volcanes');
    expect(await settledBalance(token)).toBe(46);
  });

  it('makes the chapters locally when the AI answer is unusable, still charging for the summary once', async () => {
    const token = await newMember();
    openai.script({ kind: 'text', text: 'Costa Rica.' }, { kind: 'text', text: 'Sorry, no JSON today.' });
    const reply = await post('summarize-youtube', { videoUrl: watch('LXb3EKWsInQ') }, token);
    expect(reply.status).toBe(200);
    expect(reply.body.chapters).toMatchObject({
      source: 'local',
      items: [
        { startSeconds: 0, gist: 'Bienvenidos a Costa Rica.' },
        { startSeconds: 65, url: 'https://www.youtube.com/watch?v=LXb3EKWsInQ&t=65s' },
      ],
    });
    expect(await settledBalance(token)).toBe(46);
  });

  it('answers a plain error and charges nothing without transcript and description, or with YouTube down', async () => {
    const token = await newMember();
    const nothing = await post('summarize-youtube', { videoUrl: watch('M7lc1UVf-VE') }, token);
    expect(nothing).toMatchObject({
      status: 502,
      body: { success: false, error: ERROR_TEXTS.youtube.videoUnavailable },
    });
    yt.failAll = 503;
    const down = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token);
    expect(down).toMatchObject({
      status: 502,
      body: { success: false, error: ERROR_TEXTS.youtube.videoUnavailable },
    });
    expect(openai.requests).toHaveLength(0);
    expect(await settledBalance(token)).toBe(50);
  });

  it('charges nothing when the provider fails', async () => {
    const token = await newMember();
    openai.script({ kind: 'error', status: 500 });
    const reply = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token);
    expect(reply).toMatchObject({
      status: 502,
      body: { success: false, error: ERROR_TEXTS.youtube.generateSummaryRetry },
    });
    expect(await settledBalance(token)).toBe(50);
  });

  it('makes the summary locally without a provider key, and says so', async () => {
    const token = await newMember();
    const reply = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token, localService);
    expect(reply.status).toBe(200);
    const summary = reply.body.summary as string;
    expect(summary.startsWith(UI_TEXTS.youtube.localSummaryNote)).toBe(true);
    expect(summary).toContain('(https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=');
    expect(await settledBalance(token)).toBe(46);
  });

  it("offline, keeps the video's own chapters and divides other transcripts locally", async () => {
    const token = await newMember();
    const own = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token, localService);
    expect(own.body.chapters).toEqual({ source: 'video', items: BUNNY_CHAPTERS });
    const derived = await post('summarize-youtube', { videoUrl: watch('LXb3EKWsInQ') }, token, localService);
    expect(derived.body.chapters).toMatchObject({
      source: 'local',
      items: [{ startSeconds: 0 }, { startSeconds: 65 }],
    });
    const none = await post('summarize-youtube', { videoUrl: watch('jNQXAC9IVRw') }, token, localService);
    expect(none.body.chapters).toEqual({ source: 'local', items: [] });
  });

  it('refuses with the spec text once fewer than 4 credits are left, reading nothing from YouTube', async () => {
    const token = await newMember();
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token, localService)).status,
      ).toBe(200);
    }
    const before = yt.requests.length;
    const refused = await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') }, token, localService);
    expect(refused).toMatchObject({
      status: 402,
      body: { success: false, error: V.insufficientCreditsYoutube, code: 'INSUFFICIENT_CREDITS' },
    });
    expect(yt.requests.length).toBe(before);
    expect(await settledBalance(token)).toBe(2);
  });

  it('refuses guests and invalid links before anything is held', async () => {
    expect((await post('summarize-youtube', { videoUrl: watch('aqz-KE-bpKQ') })).status).toBe(401);
    const token = await newMember();
    const bad = await post(
      'summarize-youtube',
      { videoUrl: 'https://youtube.com.evil.test/watch?v=aqz-KE-bpKQ' },
      token,
    );
    expect(bad).toMatchObject({ status: 400, body: { error: V.invalidYoutubeUrl } });
  });
});

describe('Ask this video (2 credits a question, members)', () => {
  const T = ERROR_TEXTS.youtube;
  const TRAPS = 'What traps does the rabbit build?';
  const ask = (sessionId: string, question: unknown, token?: string, server = service) =>
    post(`sessions/${sessionId}/questions`, { question }, token, server);
  const getSession = (sessionId: string, token?: string, server = service) =>
    callJson(server.url, 'GET', `/api/youtube/sessions/${sessionId}`, { token, ip: '10.1.2.3' });

  async function summarized(token: string, videoUrl = watch('aqz-KE-bpKQ'), server = service) {
    openai.script({ kind: 'text', text: 'A rabbit takes revenge.' });
    const reply = await post('summarize-youtube', { videoUrl }, token, server);
    expect(reply.status).toBe(200);
    openai.reset();
    return reply.body.sessionId as string;
  }

  it('answers from the transcript citing the moments it used (renumbered, with their t=), for 2 credits once, kept with the summary', async () => {
    const token = await newMember();
    const sessionId = await summarized(token);
    // The model reads the passages most related to the question, numbered; it cites the second first, and a [9]
    // that names no passage.
    openai.script({
      kind: 'text',
      text: 'In the end he is happy again [2]. He builds clever traps from sticks and vines [1][9].',
    });
    const reply = await ask(sessionId, TRAPS, token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      question: TRAPS,
      answer: 'In the end he is happy again [1]. He builds clever traps from sticks and vines [2].',
      remainingCredits: 44,
    });
    const citations = reply.body.citations as Array<Record<string, unknown>>;
    expect(citations).toHaveLength(2);
    // The traps passage is cited at its line that best matches the question (0:27), not at the passage's start.
    expect(citations[1]).toEqual({
      n: 2,
      start: 27,
      end: 36,
      quote:
        '…He builds clever traps in the forest with sticks and vines. The rodents fall into the traps one by one.',
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=27s',
    });
    expect(citations[0]).toMatchObject({ n: 1, url: expect.stringMatching(/&t=(36|75)s$/) as unknown });
    const [system, user] = openai.requests[0]?.body.messages ?? [];
    expect(system?.content).toContain('[1] (0:00) Welcome to the making of Big Buck Bunny.');
    expect(system?.content).toContain('[2] (0:36) In the end the rabbit is happy again');
    expect(user?.content).toBe(TRAPS);

    const money = await bed.settled(token);
    expect(money.balance).toBe(44);
    expect(
      money.history
        .filter(([tool]) => tool === 'youtube-summarizer')
        .map(([, n]) => n)
        .sort(),
    ).toEqual([2, 4]);

    // Reopened by id: the summary, its chapters and the answered question.
    const reopened = await getSession(sessionId, token);
    expect(reopened.status).toBe(200);
    expect(reopened.body.session).toMatchObject({
      id: sessionId,
      videoId: 'aqz-KE-bpKQ',
      videoUrl: watch('aqz-KE-bpKQ'),
      summary: 'A rabbit takes revenge.',
      source: 'transcript',
      chapters: { source: 'video', items: BUNNY_CHAPTERS },
      questions: [{ id: reply.body.id, question: TRAPS, answer: reply.body.answer, citations }],
    });
  });

  it('charges nothing when the provider fails or answers nothing, and keeps no failed answer', async () => {
    const token = await newMember();
    const sessionId = await summarized(token);
    openai.script({ kind: 'error', status: 500 }, { kind: 'text', text: '  ' });
    for (let i = 0; i < 2; i += 1) {
      expect(await ask(sessionId, TRAPS, token)).toMatchObject({
        status: 502,
        body: { success: false, error: T.askFailed, code: 'PROVIDER_FAILED' },
      });
    }
    expect(await settledBalance(token)).toBe(46);
    expect((await getSession(sessionId, token)).body.session).toMatchObject({ questions: [] });
  });

  it('without a provider key says so with a 503 and holds nothing; the summary is still saved', async () => {
    const token = await newMember();
    const sessionId = await summarized(token, watch('aqz-KE-bpKQ'), localService);
    expect(await ask(sessionId, TRAPS, token, localService)).toMatchObject({
      status: 503,
      body: { success: false, error: T.askNeedsProviderKey, code: 'PROVIDER_UNAVAILABLE' },
    });
    expect(await settledBalance(token)).toBe(46);
    expect((await getSession(sessionId, token, localService)).status).toBe(200);
  });

  it("keeps a member's sessions to them, refuses guests, empty questions and summaries without a transcript", async () => {
    const token = await newMember();
    const sessionId = await summarized(token);
    const other = await newMember();
    for (const reply of [await ask(sessionId, TRAPS, other), await getSession(sessionId, other)]) {
      expect(reply).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
    }
    expect((await ask('not-a-session', TRAPS, token)).status).toBe(404);
    expect((await ask(sessionId, TRAPS)).status).toBe(401);
    expect((await getSession(sessionId)).status).toBe(401);
    expect(await ask(sessionId, '   ', token)).toMatchObject({
      status: 400,
      body: { error: V.enterYourQuestion },
    });
    expect(await ask(sessionId, 'x'.repeat(8_001), token)).toMatchObject({
      status: 400,
      body: { error: V.messageTooLong },
    });
    const described = await summarized(token, 'https://youtu.be/jNQXAC9IVRw');
    expect(await ask(described, 'Where is he?', token)).toMatchObject({
      status: 409,
      body: { error: T.askNoTranscript },
    });
    expect(openai.requests).toHaveLength(0);
    expect(await settledBalance(token)).toBe(42);
    expect(await settledBalance(other)).toBe(50);
  });
});

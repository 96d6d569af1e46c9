// The link rules (docs/product-rules.md#validation) for the YouTube tools, every form (valid and invalid, other id
// lengths, look-alike hosts), and the download and stream contracts.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../errors';
import { toolCost } from '../tools';
import {
  AskVideoReplySchema,
  AskVideoRequestSchema,
  GetThumbnailsRequestSchema,
  parseYoutubeVideoId,
  SummarizeYoutubeReplySchema,
  SummarizeYoutubeRequestSchema,
  ThumbnailDownloadQuerySchema,
  TranscriptQuerySchema,
  YOUTUBE_ENDPOINTS,
  youtubeMomentUrl,
  youtubeThumbnails,
  YoutubeStreamEventSchema,
} from './youtube';

const ID = 'dQw4w9WgXcQ';
const SESSION_ID = '0b6c1f7e-3a52-4d38-9c3e-5f0e1d2c4b6a';

describe('YouTube link rules', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `http://m.youtube.com/watch?feature=share&v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=PL1`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `  https://youtu.be/${ID}?si=abc  `,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=10`,
    'https://youtu.be/a-b_c-d_e-f',
  ])('summarizer accepts %s', (url) => {
    expect(parseYoutubeVideoId(url)).not.toBeNull();
    expect(SummarizeYoutubeRequestSchema.safeParse({ videoUrl: url }).success).toBe(true);
  });

  it.each([
    // ids of other lengths, or with other characters
    'https://www.youtube.com/watch?v=dQw4w9WgXc',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
    'https://youtu.be/dQw4w9WgX!Q',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/shorts/',
    // look-alike and foreign hosts
    `https://youtube.com.evil.test/watch?v=${ID}`,
    `https://www.youtube.com.evil.test/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://youtu.be.evil.test/${ID}`,
    `https://evil.test/youtu.be/${ID}`,
    `https://evil.test/watch?v=${ID}&host=youtube.com`,
    `https://www.youtube.com@evil.test/watch?v=${ID}`,
    `https://vimeo.com/watch?v=${ID}`,
    // other schemes and paths
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert('https://youtu.be/${ID}')`,
    `https://www.youtube.com/playlist?v=${ID}`,
    `https://www.youtube.com/watch/extra?v=${ID}`,
    ID,
    '',
  ])('refuses %s', (url) => {
    expect(parseYoutubeVideoId(url)).toBeNull();
    const parsed = SummarizeYoutubeRequestSchema.safeParse({ videoUrl: url });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(ERROR_TEXTS.validation.invalidYoutubeUrl);
  });

  it('lets the thumbnail tool take watch and short links (and Shorts), not embed links', () => {
    for (const url of [
      `https://www.youtube.com/watch?v=${ID}`,
      `https://youtu.be/${ID}`,
      `https://youtube.com/shorts/${ID}`,
    ])
      expect(GetThumbnailsRequestSchema.safeParse({ videoUrl: url }).success, url).toBe(true);
    expect(
      GetThumbnailsRequestSchema.safeParse({ videoUrl: `https://www.youtube.com/embed/${ID}` }).success,
    ).toBe(false);
  });

  it('takes an optional summary language', () => {
    const parsed = SummarizeYoutubeRequestSchema.parse({
      videoUrl: `https://youtu.be/${ID}`,
      language: ' de ',
    });
    expect(parsed.language).toBe('de');
  });
});

describe('thumbnails and their download', () => {
  it('lists the five sizes on i.ytimg.com, largest first', () => {
    expect(youtubeThumbnails(ID).map((t) => [t.url, t.resolution])).toEqual([
      [`https://i.ytimg.com/vi/${ID}/maxresdefault.jpg`, '1280x720'],
      [`https://i.ytimg.com/vi/${ID}/sddefault.jpg`, '640x480'],
      [`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`, '480x360'],
      [`https://i.ytimg.com/vi/${ID}/mqdefault.jpg`, '320x180'],
      [`https://i.ytimg.com/vi/${ID}/default.jpg`, '120x90'],
    ]);
  });

  it('downloads by video id and size name only', () => {
    expect(ThumbnailDownloadQuerySchema.safeParse({ videoId: ID, size: 'maxres' }).success).toBe(true);
    for (const query of [
      { videoId: ID, size: 'https://evil.test/x.jpg' },
      { videoId: '../../x', size: 'hq' },
      { videoId: `${ID}/../x`, size: 'hq' },
      { videoId: ID },
    ])
      expect(ThumbnailDownloadQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });
});

describe('summary stream events', () => {
  it('parses start, delta, done and error', () => {
    const videoInfo = { title: 'T', duration: '1:02' };
    for (const event of [
      { type: 'start', videoId: ID, videoInfo, source: 'transcript', local: true },
      { type: 'delta', text: 'Hel' },
      {
        type: 'done',
        sessionId: SESSION_ID,
        summary: 'Hello',
        videoInfo,
        chapters: {
          source: 'video',
          items: [{ title: 'Intro', gist: '', startSeconds: 0, url: youtubeMomentUrl('aqz-KE-bpKQ', 0) }],
        },
        remainingCredits: 46,
      },
      {
        type: 'error',
        error: ERROR_TEXTS.youtube.generateSummaryRetry,
        code: 'PROVIDER_FAILED',
        remainingCredits: 50,
      },
    ])
      expect(YoutubeStreamEventSchema.parse(event)).toEqual(event);
  });
});

describe('chapters', () => {
  it('links a moment with t= in whole seconds, never negative', () => {
    expect(youtubeMomentUrl('aqz-KE-bpKQ', 75.9)).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=75s');
    expect(youtubeMomentUrl('aqz-KE-bpKQ', -3)).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=0s');
  });

  it('requires chapters in a summary reply and its done event', () => {
    const videoInfo = { title: 'T', duration: '1:00' };
    expect(
      SummarizeYoutubeReplySchema.safeParse({
        success: true,
        sessionId: SESSION_ID,
        summary: 'S',
        videoInfo,
        remainingCredits: 1,
      }).success,
    ).toBe(false);
    expect(
      SummarizeYoutubeReplySchema.safeParse({
        success: true,
        sessionId: SESSION_ID,
        summary: 'S',
        videoInfo,
        chapters: { source: 'local', items: [] },
        remainingCredits: 1,
      }).success,
    ).toBe(true);
  });
});

describe('transcript', () => {
  it('is a free member GET with the link and a format (json by default; txt, srt)', () => {
    expect(YOUTUBE_ENDPOINTS.transcript).toMatchObject({
      method: 'GET',
      path: '/api/youtube/transcript',
      access: 'member',
    });
    expect(YOUTUBE_ENDPOINTS.transcript).not.toHaveProperty('tool');
    const videoUrl = 'https://youtu.be/aqz-KE-bpKQ';
    expect(TranscriptQuerySchema.parse({ videoUrl })).toEqual({ videoUrl, format: 'json' });
    expect(TranscriptQuerySchema.parse({ videoUrl, format: 'srt' }).format).toBe('srt');
    const badFormat = TranscriptQuerySchema.safeParse({ videoUrl, format: 'pdf' });
    expect(badFormat.error?.issues[0]?.message).toBe(ERROR_TEXTS.validation.invalidRequest);
    const badLink = TranscriptQuerySchema.safeParse({ videoUrl: 'https://evil.test/watch?v=aqz-KE-bpKQ' });
    expect(badLink.error?.issues[0]?.message).toBe(ERROR_TEXTS.validation.invalidYoutubeUrl);
  });
});

describe('Ask this video', () => {
  it('is a member POST on a saved summary, charged as the summarizer follow-up (2 credits)', () => {
    expect(YOUTUBE_ENDPOINTS.askVideo).toMatchObject({
      method: 'POST',
      path: '/api/youtube/sessions/:id/questions',
      access: 'member',
      tool: 'youtube-summarizer',
      toolOptions: { followUp: true },
    });
    expect(toolCost('youtube-summarizer', { followUp: true })).toBe(2);
    expect(toolCost('youtube-summarizer')).toBe(4);
  });

  it('needs a question, at most as long as a chat message', () => {
    const V = ERROR_TEXTS.validation;
    const errorOf = (body: unknown) => AskVideoRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(errorOf({})).toBe(V.enterYourQuestion);
    expect(errorOf({ question: '   ' })).toBe(V.enterYourQuestion);
    expect(errorOf({ question: 'x'.repeat(8_001) })).toBe(V.messageTooLong);
    expect(AskVideoRequestSchema.parse({ question: '  Why traps? ' })).toEqual({ question: 'Why traps?' });
  });

  it('answers with the moments cited, each a numbered link into the video', () => {
    const reply = {
      success: true,
      id: SESSION_ID,
      question: 'Why traps?',
      answer: 'He wants revenge [1].',
      citations: [{ n: 1, start: 27, end: 36, quote: 'He builds traps.', url: youtubeMomentUrl(ID, 27) }],
      createdAt: '2026-11-26T12:00:00.000Z',
      remainingCredits: 44,
    };
    expect(AskVideoReplySchema.parse(reply)).toEqual(reply);
    expect(
      AskVideoReplySchema.safeParse({ ...reply, citations: [{ n: 0, start: 1, quote: '', url: '' }] })
        .success,
    ).toBe(false);
  });
});

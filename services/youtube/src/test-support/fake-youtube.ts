// A local stand-in for YouTube serving recorded responses in YouTube's own formats, for the adapters' tests, the
// service's tests and the e2e launcher (YOUTUBE_BASE_URL and YOUTUBE_THUMBNAIL_BASE_URL point at it):
// - POST /youtubei/v1/config → {} (youtubei.js session set-up)
// - POST /youtubei/v1/player → the player response of the video in the body (videoDetails {title, lengthSeconds,
//   shortDescription}, captions.playerCaptionsTracklistRenderer.captionTracks), or playabilityStatus ERROR
// - GET /api/timedtext?v=ID&lang=xx[&fmt=json3] → json3 (events[].segs[].utf8 with tStartMs) or srv3 XML
// - HEAD/GET /vi/ID/<file>.jpg → a small JPEG, or 404 for sizes the video lacks
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCaptionLine {
  startMs: number;
  durationMs: number;
  text: string;
}

export interface FakeVideo {
  title: string;
  lengthSeconds: number;
  description: string;
  /** Caption tracks by language code; 'asr' marks automatic captions. */
  captions?: Array<{ languageCode: string; kind?: 'asr'; lines: FakeCaptionLine[] }>;
  /**
   * How the caption track answers: normal, an empty body (PO token wanted), an empty body for json3 only (the first
   * way fails, youtube-transcript's srv3 request works), or 403.
   */
  captionMode?: 'ok' | 'empty' | 'json3-empty' | 'forbidden';
  /** Thumbnail files YouTube has for this video (default: all five). */
  thumbnails?: string[];
}

/** Recorded fixtures (made in the shapes youtubei.js and youtube-transcript parse). */
export const FAKE_VIDEOS: Record<string, FakeVideo> = {
  // Captions in English; its own chapters in the description; all five thumbnails.
  'aqz-KE-bpKQ': {
    title: 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film',
    lengthSeconds: 635,
    description: [
      'Big Buck Bunny tells the story of a giant rabbit with a heart bigger than himself.',
      '',
      'Chapters:',
      '0:00 Making of',
      '0:09 The meadow',
      '0:20 Revenge',
      '1:15 Open source',
    ].join('\n'),
    captions: [
      {
        languageCode: 'en',
        lines: [
          { startMs: 0, durationMs: 4200, text: 'Welcome to the making of Big Buck Bunny.' },
          {
            startMs: 4200,
            durationMs: 5100,
            text: 'The film was made entirely with open source tools like Blender.',
          },
          {
            startMs: 9300,
            durationMs: 6000,
            text: 'A giant rabbit wakes up in a sunny meadow full of butterflies.',
          },
          {
            startMs: 15300,
            durationMs: 5500,
            text: 'Three rodents bully the rabbit and destroy a butterfly.',
          },
          { startMs: 20800, durationMs: 6200, text: 'The rabbit decides to take revenge on the rodents.' },
          {
            startMs: 27000,
            durationMs: 5800,
            text: 'He builds clever traps in the forest with sticks and vines.',
          },
          { startMs: 32800, durationMs: 4100, text: 'The rodents fall into the traps one by one.' },
          {
            startMs: 36900,
            durationMs: 5200,
            text: 'In the end the rabbit is happy again in the meadow with the butterflies.',
          },
          {
            startMs: 75000,
            durationMs: 4000,
            text: 'Open source tools made the rabbit film possible for everyone.',
          },
        ],
      },
    ],
  },
  // No captions at all: only the description.
  jNQXAC9IVRw: {
    title: 'Me at the zoo',
    lengthSeconds: 19,
    description: 'The first video on YouTube. The elephants have really long trunks. That is cool.',
    thumbnails: ['hqdefault.jpg', 'mqdefault.jpg', 'default.jpg'],
  },
  // The first way (json3) gets an empty body; the second (youtube-transcript, srv3) reads the captions.
  LXb3EKWsInQ: {
    title: 'Costa Rica in 4K',
    lengthSeconds: 3600,
    description: 'Nature footage.',
    captions: [
      {
        languageCode: 'es',
        lines: [
          { startMs: 1000, durationMs: 3000, text: 'Bienvenidos a Costa Rica.' },
          { startMs: 65000, durationMs: 3000, text: 'Los volcanes y las playas son hermosos.' },
        ],
      },
    ],
    captionMode: 'json3-empty',
  },
  // A caption track that answers with an empty body (PO token wanted) and no description.
  'M7lc1UVf-VE': {
    title: 'Silent video',
    lengthSeconds: 3723,
    description: '',
    captions: [{ languageCode: 'en', lines: [] }],
    captionMode: 'empty',
  },
};

const ALL_THUMBNAILS = [
  'maxresdefault.jpg',
  'sddefault.jpg',
  'hqdefault.jpg',
  'mqdefault.jpg',
  'default.jpg',
];
/** A 1×1 JPEG. */
export const FAKE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export interface FakeYoutube {
  baseUrl: string;
  videos: Record<string, FakeVideo>;
  /** Requests received, as `METHOD path?query`. */
  requests: string[];
  /** When set, every request fails with this status (YouTube down / blocking). */
  failAll: number | undefined;
  close(): Promise<void>;
}

function playerResponse(videoId: string, video: FakeVideo | undefined): unknown {
  if (!video) {
    return { playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } };
  }
  return {
    responseContext: {},
    playabilityStatus: { status: 'OK', playableInEmbed: true },
    videoDetails: {
      videoId,
      title: video.title,
      lengthSeconds: String(video.lengthSeconds),
      channelId: 'UCfake000000000000000000',
      shortDescription: video.description,
      isOwnerViewing: false,
      author: 'Fake Channel',
      isLiveContent: false,
      viewCount: '1000',
    },
    ...(video.captions
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: video.captions.map((track) => ({
                // Real caption URLs are on www.youtube.com; the routed fetch sends them to this fake.
                baseUrl: `https://www.youtube.com/api/timedtext?v=${videoId}&caps=asr&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=9999999999&sparams=ip,ipbits,expire,v,caps,xoaf&key=yt8&lang=${track.languageCode}${track.kind ? `&kind=${track.kind}` : ''}`,
                name: { runs: [{ text: track.languageCode === 'en' ? 'English' : track.languageCode }] },
                vssId: `${track.kind === 'asr' ? 'a' : ''}.${track.languageCode}`,
                languageCode: track.languageCode,
                ...(track.kind ? { kind: track.kind } : {}),
                isTranslatable: true,
                trackName: '',
              })),
              audioTracks: [{ captionTrackIndices: [0] }],
              defaultAudioTrackIndex: 0,
            },
          },
        }
      : {}),
    // Unused here; kept so the shape matches a real player response.
    streamingData: { expiresInSeconds: '21540', formats: [], adaptiveFormats: [] },
  };
}

function json3(lines: FakeCaptionLine[]): string {
  return JSON.stringify({
    wireMagic: 'pb3',
    pens: [{}],
    wsWinStyles: [{}],
    wpWinPositions: [{}],
    events: lines.map((l) => ({ tStartMs: l.startMs, dDurationMs: l.durationMs, segs: [{ utf8: l.text }] })),
  });
}

function srv3(lines: FakeCaptionLine[]): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${lines
    .map((l) => `<p t="${l.startMs}" d="${l.durationMs}">${esc(l.text)}</p>`)
    .join('')}</body></timedtext>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeYoutube(
  videos: Record<string, FakeVideo> = structuredClone(FAKE_VIDEOS),
  port = 0,
): Promise<FakeYoutube> {
  const requests: string[] = [];
  const fake: FakeYoutube = {
    baseUrl: '',
    videos,
    requests,
    failAll: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (fake.failAll) return send(res, fake.failAll, 'text/plain', 'unavailable');
      if (url.pathname === '/youtubei/v1/config') {
        await readBody(req);
        return send(res, 200, 'application/json', '{}');
      }
      if (url.pathname === '/youtubei/v1/player') {
        const body = JSON.parse((await readBody(req)) || '{}') as { videoId?: string };
        const id = body.videoId ?? '';
        return send(res, 200, 'application/json', JSON.stringify(playerResponse(id, videos[id])));
      }
      if (url.pathname === '/api/timedtext') {
        const video = videos[url.searchParams.get('v') ?? ''];
        const track = video?.captions?.find((t) => t.languageCode === url.searchParams.get('lang'));
        if (!video || !track) return send(res, 404, 'text/plain', '');
        if (video.captionMode === 'forbidden') return send(res, 403, 'text/plain', '');
        const wantsJson3 = url.searchParams.get('fmt') === 'json3';
        if (video.captionMode === 'empty' || (video.captionMode === 'json3-empty' && wantsJson3))
          return send(res, 200, 'text/xml', '');
        return wantsJson3
          ? send(res, 200, 'application/json', json3(track.lines))
          : send(res, 200, 'text/xml; charset=UTF-8', srv3(track.lines));
      }
      if (url.pathname === '/watch') return send(res, 404, 'text/html', '<html></html>');
      const thumb = /^\/vi\/([A-Za-z0-9_-]{11})\/([a-z]+\.jpg)$/.exec(url.pathname);
      if (thumb) {
        const [, id = '', file = ''] = thumb;
        const video = videos[id];
        const has = video
          ? (video.thumbnails ?? ALL_THUMBNAILS)
          : ['hqdefault.jpg', 'mqdefault.jpg', 'default.jpg'];
        if (!has.includes(file)) return send(res, 404, 'text/html', 'Not Found');
        return send(res, 200, 'image/jpeg', req.method === 'HEAD' ? '' : FAKE_JPEG);
      }
      return send(res, 404, 'text/plain', 'not found');
    })().catch(() => send(res, 500, 'text/plain', 'fake error'));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// Video info and captions through youtubei.js (docs/providers.md#youtube): getBasicInfo with the ANDROID client, then
// the chosen caption track (manual before automatic, the preferred language first) fetched as json3. An empty caption
// body (a track that wants a PO token) counts as no transcript.
import { Innertube } from 'youtubei.js';
import { observeProvider, serviceMetrics } from '@act/service-kit';
import type { FetchLike } from './youtube-fetch';
import {
  VideoUnavailableError,
  type CaptionTrack,
  type Transcript,
  type TranscriptSegment,
  type TranscriptSource,
  type VideoDetails,
  type VideoInfoSource,
} from './types';

interface Json3Body {
  events?: Array<{ tStartMs?: number; segs?: Array<{ utf8?: string }> }>;
}

/** The segments of a json3 caption body (events[].segs[].utf8 from tStartMs), blank lines left out. */
export function parseJson3(body: string): TranscriptSegment[] {
  const parsed = JSON.parse(body) as Json3Body;
  const segments: TranscriptSegment[] = [];
  for (const event of parsed.events ?? []) {
    const text = (event.segs ?? [])
      .map((s) => s.utf8 ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) segments.push({ startMs: event.tStartMs ?? 0, text });
  }
  return segments;
}

/** Manual captions before automatic ones; the preferred language first, then English, then any. */
export function pickTrack(tracks: CaptionTrack[], language?: string): CaptionTrack | undefined {
  const score = (t: CaptionTrack) =>
    (t.kind === 'asr' ? 0 : 4) +
    (language && t.languageCode.startsWith(language) ? 8 : 0) +
    (t.languageCode.startsWith('en') ? 1 : 0);
  return [...tracks].sort((a, b) => score(b) - score(a))[0];
}

export interface YoutubeiAdapter extends VideoInfoSource, TranscriptSource {}

/** Its calls are counted on the youtube service's /metrics (provider youtubei; video-details, transcript). */
export function createYoutubeiAdapter({ fetch }: { fetch: FetchLike }): YoutubeiAdapter {
  let session: Promise<Innertube> | undefined;
  const innertube = () => {
    session ??= Innertube.create({
      fetch: fetch as typeof globalThis.fetch,
      retrieve_player: false,
      generate_session_locally: true,
    }).catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  };

  const adapter: YoutubeiAdapter = {
    name: 'youtubei',
    async getVideo(videoId): Promise<VideoDetails> {
      let info;
      try {
        info = await (await innertube()).getBasicInfo(videoId, { client: 'ANDROID' });
      } catch (error) {
        throw new VideoUnavailableError(`video ${videoId} could not be read`, { cause: error });
      }
      const status = info.playability_status?.status;
      if (status && status !== 'OK') throw new VideoUnavailableError(`video ${videoId} is ${status}`);
      const basic = info.basic_info;
      if (!basic.title) throw new VideoUnavailableError(`video ${videoId} has no details`);
      return {
        title: basic.title,
        durationSeconds: basic.duration ?? 0,
        description: basic.short_description ?? '',
        captionTracks: (info.captions?.caption_tracks ?? []).map((t) => ({
          url: t.base_url,
          languageCode: t.language_code,
          ...(t.kind ? { kind: t.kind } : {}),
        })),
      };
    },
    async getTranscript(_videoId, video, language): Promise<Transcript | null> {
      const track = video && pickTrack(video.captionTracks, language);
      if (!track) return null;
      const url = new URL(track.url);
      url.searchParams.set('fmt', 'json3');
      const response = await fetch(url.toString());
      if (!response.ok) return null;
      const body = await response.text();
      if (!body.trim()) return null;
      const segments = parseJson3(body);
      return segments.length > 0 ? { language: track.languageCode, segments } : null;
    },
  };
  return observeProvider(adapter, {
    metrics: serviceMetrics('youtube'),
    provider: 'youtubei',
    operations: { getVideo: 'video-details', getTranscript: 'transcript' },
  });
}

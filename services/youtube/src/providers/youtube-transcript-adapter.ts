// The second way to captions: the youtube-transcript package (its own ANDROID player call, then the watch page),
// through the same routed fetch. Its offsets are milliseconds for srv3 bodies and seconds for the classic format.
import { fetchTranscript } from 'youtube-transcript';
import { observeProvider, serviceMetrics } from '@act/service-kit';
import type { FetchLike } from './youtube-fetch';
import type { Transcript, TranscriptSource } from './types';

/** Its calls are counted on the youtube service's /metrics (provider youtube-transcript, operation transcript). */
export function createYoutubeTranscriptAdapter({ fetch }: { fetch: FetchLike }): TranscriptSource {
  const adapter: TranscriptSource = {
    name: 'youtube-transcript',
    getTranscript: (videoId, _video, language) => getTranscript(videoId, language),
  };
  return observeProvider(adapter, {
    metrics: serviceMetrics('youtube'),
    provider: 'youtube-transcript',
    operations: { getTranscript: 'transcript' },
  });

  async function getTranscript(videoId: string, language: string | undefined): Promise<Transcript | null> {
    const fetchOptions = { fetch: fetch as typeof globalThis.fetch };
    let lines;
    try {
      lines = await fetchTranscript(videoId, { ...fetchOptions, ...(language ? { lang: language } : {}) });
    } catch {
      if (!language) return null;
      lines = await fetchTranscript(videoId, fetchOptions).catch(() => []);
    }
    // srv3 bodies give whole milliseconds (durations too); classic bodies seconds, usually with fractions.
    const inMs =
      lines.every((l) => Number.isInteger(l.offset) && Number.isInteger(l.duration)) &&
      lines.some((l) => l.duration >= 100);
    const segments = lines
      .map((l) => ({
        startMs: inMs ? l.offset : Math.round(l.offset * 1000),
        text: l.text.replace(/\s+/g, ' ').trim(),
      }))
      .filter((s) => s.text);
    if (segments.length === 0) return null;
    return { language: lines[0]?.lang ?? language ?? 'en', segments };
  }
}

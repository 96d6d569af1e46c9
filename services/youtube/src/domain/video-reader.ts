// What a summary is made from, by the chain of docs/providers.md#youtube: the video's info from the player, then its
// transcript from the first way that finds one (the player's caption track, then youtube-transcript), and when none
// does, the description. Cached per video id (TRANSCRIPT_CACHE_MS, a day by default) so a repeat summary is fast.
import type { Logger } from '@act/service-kit';
import {
  VideoUnavailableError,
  type Transcript,
  type TranscriptSource,
  type VideoDetails,
  type VideoInfoSource,
} from '../providers/types';
import { createTtlCache } from './ttl-cache';

export interface VideoMaterial {
  videoId: string;
  title: string;
  durationSeconds: number;
  description: string;
  /** Null when no way found a transcript: the summary is then based on the description. */
  transcript: Transcript | null;
}

export interface VideoReader {
  read(videoId: string): Promise<VideoMaterial>;
}

export interface VideoReaderDeps {
  info: VideoInfoSource;
  transcripts: TranscriptSource[];
  logger: Logger;
  cacheMs: number;
  now?: () => number;
}

export function createVideoReader({ info, transcripts, logger, cacheMs, now }: VideoReaderDeps): VideoReader {
  const cache = createTtlCache<VideoMaterial>({ ttlMs: cacheMs, maxEntries: 2_000, ...(now ? { now } : {}) });
  const pending = new Map<string, Promise<VideoMaterial>>();

  async function load(videoId: string): Promise<VideoMaterial> {
    const video: VideoDetails = await info.getVideo(videoId);
    let transcript: Transcript | null = null;
    for (const source of transcripts) {
      try {
        transcript = await source.getTranscript(videoId, video);
      } catch (error) {
        logger.warn(
          { err: error, videoId, source: source.name },
          'transcript source failed; trying the next',
        );
      }
      if (transcript) break;
    }
    if (!transcript && !video.description.trim()) {
      throw new VideoUnavailableError(`video ${videoId} has neither a transcript nor a description`);
    }
    return {
      videoId,
      title: video.title,
      durationSeconds: video.durationSeconds,
      description: video.description,
      transcript,
    };
  }

  return {
    async read(videoId) {
      const cached = cache.get(videoId);
      if (cached) return cached;
      let running = pending.get(videoId);
      if (!running) {
        running = load(videoId).finally(() => pending.delete(videoId));
        pending.set(videoId, running);
      }
      const material = await running;
      // Only a real transcript is kept for the day; a description-only answer may gain captions later.
      if (material.transcript) cache.set(videoId, material);
      return material;
    },
  };
}

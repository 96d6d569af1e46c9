// The chain of ways to a transcript with stub sources: the first that finds one wins, a failing way is skipped, the
// description is the last resort, nothing at all is an error; transcripts are reused for the cache time.
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@act/service-kit/testing';
import {
  VideoUnavailableError,
  type Transcript,
  type TranscriptSource,
  type VideoDetails,
} from '../providers/types';
import { createVideoReader } from './video-reader';

const video = (description = 'A description.'): VideoDetails => ({
  title: 'T',
  durationSeconds: 61,
  description,
  captionTracks: [],
});
const transcript: Transcript = { language: 'en', segments: [{ startMs: 0, text: 'Hello.' }] };

function source(name: string, answer: () => Promise<Transcript | null>): TranscriptSource {
  return { name, getTranscript: vi.fn(answer) };
}

describe('video reader', () => {
  it('takes the second way when the first fails or finds nothing', async () => {
    const first = source('a', () => Promise.reject(new Error('400 Precondition check failed')));
    const second = source('b', () => Promise.resolve(transcript));
    const reader = createVideoReader({
      info: { getVideo: () => Promise.resolve(video()) },
      transcripts: [first, second],
      logger: silentLogger(),
      cacheMs: 1_000,
    });
    expect((await reader.read('aqz-KE-bpKQ')).transcript).toEqual(transcript);
    expect(first.getTranscript).toHaveBeenCalledTimes(1);
    expect(second.getTranscript).toHaveBeenCalledTimes(1);
  });

  it('falls back to the description, and fails when there is none either', async () => {
    const none = source('a', () => Promise.resolve(null));
    const withDescription = createVideoReader({
      info: { getVideo: () => Promise.resolve(video()) },
      transcripts: [none],
      logger: silentLogger(),
      cacheMs: 1_000,
    });
    expect(await withDescription.read('aqz-KE-bpKQ')).toMatchObject({
      transcript: null,
      description: 'A description.',
    });
    const bare = createVideoReader({
      info: { getVideo: () => Promise.resolve(video('  ')) },
      transcripts: [none],
      logger: silentLogger(),
      cacheMs: 1_000,
    });
    await expect(bare.read('aqz-KE-bpKQ')).rejects.toBeInstanceOf(VideoUnavailableError);
  });

  it('reuses a transcript until the cache time is over, one load for concurrent reads', async () => {
    let now = 0;
    const getVideo = vi.fn(() => Promise.resolve(video()));
    const reader = createVideoReader({
      info: { getVideo },
      transcripts: [source('a', () => Promise.resolve(transcript))],
      logger: silentLogger(),
      cacheMs: 24 * 60 * 60 * 1000,
      now: () => now,
    });
    await Promise.all([reader.read('aqz-KE-bpKQ'), reader.read('aqz-KE-bpKQ')]);
    await reader.read('aqz-KE-bpKQ');
    expect(getVideo).toHaveBeenCalledTimes(1);
    now = 24 * 60 * 60 * 1000;
    await reader.read('aqz-KE-bpKQ');
    expect(getVideo).toHaveBeenCalledTimes(2);
  });
});

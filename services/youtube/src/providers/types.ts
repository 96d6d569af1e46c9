// The small interfaces between the summarizer and YouTube: video info, and ways to a transcript. Each adapter is
// tested against a local fake serving YouTube's own formats.

export interface TranscriptSegment {
  /** Start of the line in the video, in milliseconds. */
  startMs: number;
  text: string;
}

export interface CaptionTrack {
  url: string;
  languageCode: string;
  /** 'asr' for automatic captions. */
  kind?: string;
}

export interface VideoDetails {
  title: string;
  durationSeconds: number;
  description: string;
  captionTracks: CaptionTrack[];
}

export interface Transcript {
  language: string;
  segments: TranscriptSegment[];
}

/** Video info (and its caption tracks) from the player. */
export interface VideoInfoSource {
  getVideo(videoId: string): Promise<VideoDetails>;
}

/** One way to a transcript; null when this way finds none. */
export interface TranscriptSource {
  readonly name: string;
  getTranscript(
    videoId: string,
    video: VideoDetails | undefined,
    language?: string,
  ): Promise<Transcript | null>;
}

/** The video cannot be read at all (unavailable, private, YouTube unreachable). */
export class VideoUnavailableError extends Error {}

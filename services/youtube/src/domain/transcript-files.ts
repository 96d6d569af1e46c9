// A video's transcript for the page and as files (docs/product-rules.md#youtube-transcript): read by the same chain as
// summaries (and the same cache), free; refused when there is none or when it is too long to serve.
import { ERROR_TEXTS, TRANSCRIPT_LIMITS, type TranscriptFormat, type TranscriptLine } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import { VideoUnavailableError } from '../providers/types';
import { formatTimestamp } from './local-summary';
import type { VideoReader } from './video-reader';

export interface VideoTranscript {
  videoId: string;
  language: string;
  lines: TranscriptLine[];
}

/** A line without a following one lasts this long in an .srt. */
const LAST_LINE_MS = 4_000;

export async function readTranscript(
  reader: VideoReader,
  videoId: string,
  logger: Logger,
): Promise<VideoTranscript> {
  let material;
  try {
    material = await reader.read(videoId);
  } catch (error) {
    logger.warn({ err: error, videoId }, 'video could not be read for its transcript');
    throw new AppError(
      ErrorCode.PROVIDER_FAILED,
      error instanceof VideoUnavailableError
        ? ERROR_TEXTS.youtube.videoUnavailable
        : ERROR_TEXTS.youtube.loadTranscript,
      { cause: error },
    );
  }
  const segments = material.transcript?.segments ?? [];
  if (!material.transcript || segments.length === 0) {
    throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.youtube.noTranscript);
  }
  let chars = 0;
  for (const s of segments) chars += s.text.length;
  if (segments.length > TRANSCRIPT_LIMITS.maxLines || chars > TRANSCRIPT_LIMITS.maxChars) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.youtube.transcriptTooLong);
  }
  return {
    videoId,
    language: material.transcript.language,
    lines: segments.map((s) => ({ startMs: Math.max(0, Math.round(s.startMs)), text: s.text })),
  };
}

/** 3 723 004 ms → '01:02:03,004'. */
export function srtTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor((total % 3_600_000) / 60_000))}:${pad(
    Math.floor((total % 60_000) / 1000),
  )},${pad(total % 1000, 3)}`;
}

/** SubRip: numbered cues, each line until the next one starts (or LAST_LINE_MS for the last). */
export function toSrt(lines: TranscriptLine[]): string {
  return lines
    .map((line, i) => {
      const next = lines[i + 1]?.startMs;
      const end = next !== undefined && next > line.startMs ? next : line.startMs + LAST_LINE_MS;
      return `${i + 1}\n${srtTime(line.startMs)} --> ${srtTime(end)}\n${line.text}\n`;
    })
    .join('\n');
}

/** Plain text: one line per caption, its timestamp first. */
export function toTxt(lines: TranscriptLine[]): string {
  return `${lines.map((l) => `[${formatTimestamp(l.startMs)}] ${l.text}`).join('\n')}\n`;
}

export function transcriptFile(
  transcript: VideoTranscript,
  format: Exclude<TranscriptFormat, 'json'>,
): { body: string; fileName: string; contentType: string } {
  return format === 'srt'
    ? {
        body: toSrt(transcript.lines),
        fileName: `${transcript.videoId}-transcript.srt`,
        contentType: 'application/x-subrip; charset=utf-8',
      }
    : {
        body: toTxt(transcript.lines),
        fileName: `${transcript.videoId}-transcript.txt`,
        contentType: 'text/plain; charset=utf-8',
      };
}

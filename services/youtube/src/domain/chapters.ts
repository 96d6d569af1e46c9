// A summary's chapters (docs/product-rules.md#youtube-chapters): the video's own when its description lists them (as
// YouTube reads them: lines starting with a timestamp, the first at 0:00, at least three, in order), otherwise
// written by the AI provider from the transcript, otherwise made here by dividing the transcript by time. Gists of
// the video's own and of local chapters are the chapter's key sentence (TextRank); without a transcript they are empty.
import { youtubeMomentUrl, type VideoChapter, type VideoChapters } from '@act/contracts';
import type { Logger } from '@act/service-kit';
import { z } from 'zod';
import type { SummaryProvider } from '../providers/summary-provider';
import type { TranscriptSegment } from '../providers/types';
import { formatTimestamp, rankSentences, toSentences, words, type TimedSentence } from './local-summary';
import type { VideoMaterial } from './video-reader';

/** At most this many chapters are kept, whatever the description or the provider says. */
export const MAX_CHAPTERS = 30;
const TITLE_MAX = 100;
const GIST_MAX = 160;
/** The transcript sent to the provider for chapters is cut at this length. */
const CHAPTER_TRANSCRIPT_MAX_CHARS = 60_000;

const LINE_TIMESTAMP = /^\s*(?:[-•*▶►]\s*)?[([]?((?:\d{1,2}:)?\d{1,2}:[0-5]\d)[)\]]?\s*(?:[-–—:|]\s*)?(.*)$/;

/** Seconds of '1:23' or '1:02:03'; null for anything else. */
export function parseTimestamp(value: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The description's chapter list (title and start), or null when it has none YouTube would show. */
export function descriptionChapters(
  description: string,
  durationSeconds: number,
): Array<{ title: string; startSeconds: number }> | null {
  const found: Array<{ title: string; startSeconds: number }> = [];
  for (const line of description.split('\n').slice(0, 2_000)) {
    const match = LINE_TIMESTAMP.exec(line);
    if (!match) continue;
    const start = parseTimestamp(match[1]!);
    const title = oneLine(match[2] ?? '', TITLE_MAX);
    if (start === null || !title) continue;
    found.push({ title, startSeconds: start });
  }
  if (found.length < 3 || found[0]!.startSeconds !== 0) return null;
  for (let i = 1; i < found.length; i += 1) {
    if (found[i]!.startSeconds <= found[i - 1]!.startSeconds) return null;
  }
  const inVideo = durationSeconds > 0 ? found.filter((c) => c.startSeconds < durationSeconds) : found;
  return inVideo.length >= 3 ? inVideo.slice(0, MAX_CHAPTERS) : null;
}

/** TextRank is quadratic: a long chapter's key sentence is chosen among this many, spread evenly over it. */
const RANKED_MAX = 150;

function keySentence(sentences: TimedSentence[]): TimedSentence | undefined {
  const step = sentences.length / RANKED_MAX;
  const sample =
    sentences.length > RANKED_MAX
      ? Array.from({ length: RANKED_MAX }, (_v, i) => sentences[Math.floor(i * step)]!)
      : sentences;
  return rankSentences(sample, 1)[0];
}

/** The key sentence of the transcript between two moments, as a gist ('' when none). */
function gistBetween(sentences: TimedSentence[], fromSeconds: number, toSeconds: number): string {
  const inside = sentences.filter((s) => s.startMs >= fromSeconds * 1000 && s.startMs < toSeconds * 1000);
  const best = keySentence(inside);
  return best ? oneLine(best.text, GIST_MAX) : '';
}

function withGists(
  videoId: string,
  chapters: Array<{ title: string; startSeconds: number; gist?: string }>,
  segments: TranscriptSegment[],
): VideoChapter[] {
  const sentences = toSentences(segments);
  return chapters.map((c, i) => ({
    title: c.title,
    gist: c.gist ?? gistBetween(sentences, c.startSeconds, chapters[i + 1]?.startSeconds ?? Infinity),
    startSeconds: c.startSeconds,
    url: youtubeMomentUrl(videoId, c.startSeconds),
  }));
}

/**
 * A part's title: its three most distinctive words (tf-idf-like: frequent in it, and mostly in it; numbers left out),
 * the first capitalised.
 */
function partTitle(part: TimedSentence[], all: TimedSentence[]): string {
  const inPart = new Map<string, number>();
  for (const s of part) for (const w of words(s.text)) inPart.set(w, (inPart.get(w) ?? 0) + 1);
  const overall = new Map<string, number>();
  for (const s of all) for (const w of words(s.text)) overall.set(w, (overall.get(w) ?? 0) + 1);
  const picked = [...inPart.entries()]
    .filter(([w]) => !/^\p{N}+$/u.test(w))
    .map(([w, n]) => ({ w, score: (n * n) / (overall.get(w) ?? n) }))
    .sort((a, b) => b.score - a.score || a.w.localeCompare(b.w))
    .slice(0, 3)
    .map(({ w }) => w);
  const title = picked.join(', ');
  return title ? title[0]!.toUpperCase() + title.slice(1) : '';
}

/**
 * Chapters made here: the transcript divided into 2 to 8 parts of about equal time (one per 90 s), each starting at a
 * sentence; titled by their distinctive words, with their key sentence as gist.
 */
export function localChapters(
  videoId: string,
  segments: TranscriptSegment[],
  durationSeconds: number,
): VideoChapter[] {
  const sentences = toSentences(segments);
  if (sentences.length < 2) return [];
  // Divided over the time the transcript covers (a short transcript of a long video still gets parts).
  const spanMs = sentences.at(-1)!.startMs;
  const lengthMs = Math.max(spanMs, durationSeconds * 1000);
  const count = Math.min(8, Math.max(2, Math.round(lengthMs / 90_000)), sentences.length);
  const parts: TimedSentence[][] = [];
  let index = 0;
  for (let p = 0; p < count; p += 1) {
    const endMs = p === count - 1 ? Infinity : ((p + 1) * spanMs) / count;
    const part: TimedSentence[] = [];
    while (index < sentences.length && (sentences[index]!.startMs < endMs || part.length === 0)) {
      part.push(sentences[index]!);
      index += 1;
    }
    if (part.length > 0) parts.push(part);
  }
  return parts.map((part, i) => {
    const startSeconds = i === 0 ? 0 : Math.floor(part[0]!.startMs / 1000);
    const best = keySentence(part);
    return {
      title: oneLine(partTitle(part, sentences) || formatTimestamp(startSeconds * 1000), TITLE_MAX),
      gist: best ? oneLine(best.text, GIST_MAX) : '',
      startSeconds,
      url: youtubeMomentUrl(videoId, startSeconds),
    };
  });
}

const ProviderChaptersSchema = z
  .array(z.object({ start: z.string(), title: z.string().min(1), gist: z.string().default('') }))
  .min(1);

/** The provider's instructions and input for the chapters of one video. */
export function chaptersPrompt(material: VideoMaterial, language?: string): { system: string; user: string } {
  const lang = language ?? material.transcript?.language;
  const system = [
    'You divide YouTube videos into chapters.',
    `Write in ${lang ? `the language with code "${lang}"` : 'the language of the transcript'}.`,
    'Answer with JSON only: an array of 3 to 8 objects {"start": "m:ss", "title": "...", "gist": "..."}, in order,',
    'the first starting at 0:00; each start one of the transcript timestamps; a title of a few words; a gist of one sentence.',
  ].join(' ');
  const lines: string[] = [];
  let length = 0;
  for (const s of material.transcript?.segments ?? []) {
    const line = `[${formatTimestamp(s.startMs)}] ${s.text}`;
    length += line.length + 1;
    if (length > CHAPTER_TRANSCRIPT_MAX_CHARS) break;
    lines.push(line);
  }
  return { system, user: `Title: ${material.title}\n\nTranscript:\n${lines.join('\n')}` };
}

/** The provider's answer as chapters: valid JSON, known moments, in order; null when it is not usable. */
export function parseProviderChapters(
  videoId: string,
  answer: string,
  durationSeconds: number,
): VideoChapter[] | null {
  const json = answer.slice(answer.indexOf('['), answer.lastIndexOf(']') + 1);
  let parsed;
  try {
    parsed = ProviderChaptersSchema.safeParse(JSON.parse(json));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const chapters: VideoChapter[] = [];
  for (const c of parsed.data) {
    const start = parseTimestamp(c.start);
    if (start === null || (durationSeconds > 0 && start >= durationSeconds)) continue;
    if (chapters.length > 0 && start <= chapters.at(-1)!.startSeconds) continue;
    const title = oneLine(c.title, TITLE_MAX);
    if (!title) continue;
    chapters.push({
      title,
      gist: oneLine(c.gist, GIST_MAX),
      startSeconds: start,
      url: youtubeMomentUrl(videoId, start),
    });
  }
  if (chapters.length === 0) return null;
  chapters[0] = { ...chapters[0]!, startSeconds: 0, url: youtubeMomentUrl(videoId, 0) };
  return chapters.slice(0, MAX_CHAPTERS);
}

export interface ChapterWriter {
  /** Never fails for the provider's sake: an unusable answer falls back to local chapters. */
  chapters(
    material: VideoMaterial,
    options: { language?: string | undefined; signal: AbortSignal },
  ): Promise<VideoChapters>;
}

export function createChapterWriter({
  provider,
  logger,
}: {
  provider: SummaryProvider | undefined;
  logger: Logger;
}): ChapterWriter {
  return {
    async chapters(material, { language, signal }) {
      const { videoId, durationSeconds } = material;
      const segments = material.transcript?.segments ?? [];
      const own = descriptionChapters(material.description, durationSeconds);
      if (own) return { source: 'video', items: withGists(videoId, own, segments) };
      if (segments.length === 0) return { source: 'local', items: [] };
      if (provider) {
        let answer = '';
        try {
          await provider.stream({
            ...chaptersPrompt(material, language),
            signal,
            onText: (text) => {
              answer += text;
            },
          });
          const items = parseProviderChapters(videoId, answer, durationSeconds);
          if (items) return { source: 'ai', items };
          logger.warn({ videoId }, 'provider chapters unusable; made locally');
        } catch (error) {
          if (signal.aborted) throw error;
          logger.warn({ err: error, videoId }, 'provider chapters failed; made locally');
        }
      }
      return { source: 'local', items: localChapters(videoId, segments, durationSeconds) };
    },
  };
}

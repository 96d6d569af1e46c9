// The summary made here when no AI provider key is set: the transcript's key sentences chosen by TextRank (sentences
// as nodes, word-overlap similarity as edge weights, PageRank scores), kept in video order, each with its timestamp.
import { UI_TEXTS } from '@act/contracts';
import type { TranscriptSegment } from '../providers/types';

export interface TimedSentence {
  startMs: number;
  text: string;
}

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he her his i in is it its of on or our she so that the their them they this to was we were what when which who will with you your not do does did just like yeah um uh oh okay so really very can could would should there here then than'.split(
    ' ',
  ),
);

/** Joins caption lines into sentences, each starting at the time of the line it began in. */
export function toSentences(segments: TranscriptSegment[]): TimedSentence[] {
  const sentences: TimedSentence[] = [];
  let current: TimedSentence | undefined;
  for (const segment of segments) {
    const parts = segment.text.split(/(?<=[.!?])\s+/);
    for (const part of parts) {
      if (!part) continue;
      current ??= { startMs: segment.startMs, text: '' };
      current.text = current.text ? `${current.text} ${part}` : part;
      if (/[.!?]["')\]]?$/.test(part) || current.text.length > 300) {
        sentences.push(current);
        current = undefined;
      }
    }
  }
  if (current) sentences.push(current);
  return sentences.map((s) => ({ startMs: s.startMs, text: s.text.trim() })).filter((s) => s.text);
}

export function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => w.length > 1 && !STOP_WORDS.has(w)),
  );
}

/** TextRank over the sentences: the `count` best, in their order in the video. */
export function rankSentences(sentences: TimedSentence[], count: number): TimedSentence[] {
  const n = sentences.length;
  if (n <= count) return sentences;
  const bags = sentences.map((s) => words(s.text));
  const weights: number[][] = bags.map((a, i) =>
    bags.map((b, j) => {
      if (i === j || a.size < 2 || b.size < 2) return 0;
      let shared = 0;
      for (const w of a) if (b.has(w)) shared += 1;
      return shared / (Math.log(a.size) + Math.log(b.size));
    }),
  );
  const outSums = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1);
  const damping = 0.85;
  for (let iteration = 0; iteration < 30; iteration += 1) {
    scores = scores.map((_s, i) => {
      let sum = 0;
      for (let j = 0; j < n; j += 1) {
        const w = weights[j]?.[i] ?? 0;
        const out = outSums[j] ?? 0;
        if (w > 0 && out > 0) sum += (w / out) * (scores[j] ?? 0);
      }
      return 1 - damping + damping * sum;
    });
  }
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => sentences[index] as TimedSentence);
}

/** 75 000 ms → '1:15'; 3 723 000 ms → '1:02:03'. */
export function formatTimestamp(totalMs: number): string {
  const total = Math.max(0, Math.floor(totalMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function timestampLink(videoId: string, startMs: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${Math.floor(startMs / 1000)}s`;
}

/** The local summary as markdown: a notice, then the key sentences with timestamps linking into the video. */
export function localTranscriptSummary(videoId: string, segments: TranscriptSegment[], count = 8): string {
  const picked = rankSentences(toSentences(segments), count);
  const lines = picked.map(
    (s) => `- [${formatTimestamp(s.startMs)}](${timestampLink(videoId, s.startMs)}) ${s.text}`,
  );
  return `${UI_TEXTS.youtube.localSummaryNote}\n\n${lines.join('\n')}\n`;
}

/** The local summary when only the description exists: its first sentences, said to be from the description. */
export function localDescriptionSummary(description: string, count = 6): string {
  const sentences = description
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s && !/^https?:\/\//.test(s));
  return `${UI_TEXTS.youtube.localDescriptionSummaryNote}\n\n${sentences
    .slice(0, count)
    .map((s) => `- ${s}`)
    .join('\n')}\n`;
}

// "Ask this video" (docs/product-rules.md#youtube-ask): a question about a member's saved summary, answered by the AI
// provider from the transcript passages most related to it (BM25, the kit's passage ranking), each numbered; the
// model cites them as [n] and the member sees them renumbered by first use, each a moment that opens the video there.
// Priced as the summarizer's follow-up (2 credits): held first, committed in the transaction that saves the answer,
// released when the provider fails or answers nothing. Without a provider key nothing is held (503).
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  youtubeMomentUrl,
  type VideoAnswer,
  type VideoCitation,
  type VideoSession,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  payerOf,
  rankPassages,
  renumberCitations,
  reserveCharge,
  selectPassages,
  type ChargedCall,
  type CreditsClient,
  type Logger,
  type Member,
  type Outbox,
} from '@act/service-kit';
import type { QuestionRecord, SessionStore } from '../db/session-store';
import type { SummaryProvider } from '../providers/summary-provider';
import type { TranscriptSegment } from '../providers/types';
import { formatTimestamp } from './local-summary';

/** A passage gathers consecutive transcript lines up to about this many characters, or this long in the video. */
const PASSAGE_MAX_CHARS = 400;
const PASSAGE_MAX_MS = 60_000;
/** Characters of transcript the model reads with one question. */
const QUESTION_CONTEXT_CHARS = 12_000;
const QUOTE_MAX = 300;

/** A stretch of the transcript a citation can point at. */
export interface TranscriptPassage {
  text: string;
  lines: TranscriptSegment[];
  startMs: number;
  /** Where the next passage starts (the last line's start for the last passage). */
  endMs: number;
}

/** The transcript cut into passages of consecutive lines (a few sentences, under a minute each). */
export function transcriptPassages(segments: readonly TranscriptSegment[]): TranscriptPassage[] {
  const passages: TranscriptPassage[] = [];
  let lines: TranscriptSegment[] = [];
  let length = 0;
  const flush = (endMs: number) => {
    if (lines.length === 0) return;
    passages.push({
      text: lines.map((l) => l.text.trim()).join(' '),
      lines,
      startMs: lines[0]!.startMs,
      endMs,
    });
    lines = [];
    length = 0;
  };
  for (const segment of segments) {
    if (!segment.text.trim()) continue;
    if (
      lines.length > 0 &&
      (length + segment.text.length > PASSAGE_MAX_CHARS ||
        segment.startMs - lines[0]!.startMs >= PASSAGE_MAX_MS)
    ) {
      flush(segment.startMs);
    }
    lines.push(segment);
    length += segment.text.length + 1;
  }
  flush(lines.at(-1)?.startMs ?? 0);
  return passages;
}

/**
 * Where a passage is cited: at its line that best matches the question (else its start), the quote read from there
 * (shortened to QUOTE_MAX, an ellipsis where it starts mid-passage).
 */
function citedMoment(passage: TranscriptPassage, question: string): { startMs: number; quote: string } {
  const best = rankPassages(
    passage.lines.map((l) => l.text),
    question,
  )[0];
  const from = best?.index ?? 0;
  const text = `${from > 0 ? '…' : ''}${passage.lines
    .slice(from)
    .map((l) => l.text.trim())
    .join(' ')}`;
  const quote = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…` : text;
  return { startMs: passage.lines[from]!.startMs, quote };
}

/** A source the model may cite, before renumbering. */
export type VideoSource = Omit<VideoCitation, 'n'>;

/** The provider's instructions (with the numbered passages) and the question; `[n]` cites sources[n-1]. */
export function questionPrompt(
  video: { videoId: string; title: string },
  segments: readonly TranscriptSegment[],
  question: string,
): { system: string; user: string; sources: VideoSource[] } {
  const passages = transcriptPassages(segments);
  const chosen = selectPassages(
    passages.map((p) => p.text),
    question,
    QUESTION_CONTEXT_CHARS,
  );
  const numbered = chosen
    .map((index, n) => `[${n + 1}] (${formatTimestamp(passages[index]!.startMs)}) ${passages[index]!.text}`)
    .join('\n\n');
  const system =
    `You answer questions about one YouTube video, "${video.title}", using only the passages of its transcript ` +
    'below (the parts most related to the question come first; each starts with its time in the video). Cite every ' +
    'passage you use with its number in square brackets, like [2], right after the sentence it supports. If the ' +
    'transcript does not answer the question, say so plainly instead of guessing. Answer in the language of the ' +
    'question, briefly, in Markdown.\n\n' +
    `Transcript passages:\n\n${numbered}`;
  const sources = chosen.map((index) => {
    const passage = passages[index]!;
    const moment = citedMoment(passage, question);
    const start = Math.floor(moment.startMs / 1000);
    return {
      start,
      end: Math.max(start, Math.floor(passage.endMs / 1000)),
      quote: moment.quote,
      url: youtubeMomentUrl(video.videoId, start),
    };
  });
  return { system, user: question, sources };
}

/**
 * The answer with its `[n]` markers (n into `sources`) renumbered by first use (the kit's renumberCitations), and the
 * moments it cites in that order, each with its number.
 */
export function citedAnswer(
  answer: string,
  sources: readonly VideoSource[],
): { answer: string; citations: VideoCitation[] } {
  const { text, cited } = renumberCitations(answer, sources);
  return {
    answer: text.replace(/[ \t]+\n/g, '\n').trim(),
    citations: cited.map((source, index) => ({ n: index + 1, ...source })),
  };
}

export function presentAnswer(record: QuestionRecord): VideoAnswer {
  return {
    id: record.id,
    question: record.question,
    answer: record.answer,
    citations: record.citations,
    createdAt: record.created_at.toISOString(),
  };
}

export interface VideoQuestions {
  /** The member's saved summary with its answered questions (404 when it is not theirs). */
  session(userId: string, sessionId: string): Promise<VideoSession>;
  /**
   * Answers `question` about the member's session `sessionId`: 503 without a provider (nothing held), 404 for a
   * session that is not theirs, 409 for a summary made without a transcript, 402 below 2 credits; the answer is
   * saved and charged together, a failure is free.
   */
  ask(
    /** The handler's call whole: the member, the request's id (sent to credits) and its signal. */
    call: ChargedCall<Member>,
    sessionId: string,
    question: string,
  ): Promise<VideoAnswer & { remainingCredits: number | null }>;
}

export interface VideoQuestionsDeps {
  store: SessionStore;
  credits: CreditsClient;
  outbox: Outbox;
  provider: SummaryProvider | undefined;
  logger: Logger;
}

export function createVideoQuestions({
  store,
  credits,
  outbox,
  provider,
  logger,
}: VideoQuestionsDeps): VideoQuestions {
  return {
    async session(userId, sessionId) {
      const session = await store.find(userId, sessionId);
      const questions = await store.questions(session.id);
      return {
        id: session.id,
        videoId: session.video_id,
        videoUrl: session.video_url,
        videoInfo: { title: session.title, duration: session.duration },
        summary: session.summary,
        chapters: session.chapters,
        source: session.source,
        questions: questions.map(presentAnswer),
        createdAt: session.created_at.toISOString(),
      };
    },

    async ask(call, sessionId, question) {
      const { userId } = call.caller;
      if (!provider)
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.youtube.askNeedsProviderKey);
      const session = await store.find(userId, sessionId);
      if (!session.transcript || session.transcript.length === 0) {
        throw new AppError(ErrorCode.CONFLICT, ERROR_TEXTS.youtube.askNoTranscript);
      }
      const transcript = session.transcript;
      // A question's price (followUp); a short balance is refused with its own text (reserveCharge looks it up).
      const charge = await reserveCharge(credits, {
        tool: 'youtube-summarizer',
        options: { followUp: true },
        ...payerOf(call),
      });
      const record = await charge.run(
        async (runSignal) => {
          const prompt = questionPrompt(
            { videoId: session.video_id, title: session.title },
            transcript,
            question,
          );
          let text = '';
          try {
            await provider.stream({
              system: prompt.system,
              user: prompt.user,
              signal: runSignal,
              onText: (chunk) => {
                text += chunk;
              },
            });
          } catch (error) {
            if (runSignal.aborted) throw error;
            logger.warn({ err: error, sessionId }, 'question provider failed; hold released');
            throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.youtube.askFailed, { cause: error });
          }
          const { answer, citations } = citedAnswer(text, prompt.sources);
          if (!answer) throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.youtube.askFailed);
          return store.transaction(async (tx) => {
            const saved = await tx.insertQuestion({
              id: randomUUID(),
              session_id: session.id,
              question,
              answer,
              citations,
            });
            await tx.commitCharge(charge, outbox);
            return saved;
          });
        },
        call.signal ? { signal: call.signal } : {},
      );
      return { ...presentAnswer(record), remainingCredits: charge.remainingCredits };
    },
  };
}

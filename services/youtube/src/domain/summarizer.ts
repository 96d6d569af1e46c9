// The summarizer as a charged tool (4 credits, members): hold the credits, read the video (info, transcript or
// description), write the summary (the AI provider streamed, or the local extractive summary without a key), then save
// it as the member's session (docs/product-rules.md#youtube-ask: what questions about the video are answered from)
// and commit in that same transaction. Any failure, or a client gone before the end, releases the hold.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  TRANSCRIPT_LIMITS,
  UI_TEXTS,
  type VideoChapters,
  type VideoInfo,
  type YoutubeStreamEvent,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  payerOf,
  reserveCharge,
  type Charge,
  type ChargedCall,
  type CreationAnnouncer,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { SessionStore } from '../db/session-store';
import type { SummaryProvider } from '../providers/summary-provider';
import { createChapterWriter } from './chapters';
import { summaryCreation } from './summary-library';
import { VideoUnavailableError } from '../providers/types';
import {
  formatTimestamp,
  localDescriptionSummary,
  localTranscriptSummary,
  timestampLink,
} from './local-summary';
import type { VideoMaterial, VideoReader } from './video-reader';

export interface SummaryResult {
  /** The saved session the member asks questions on. */
  sessionId: string;
  summary: string;
  videoInfo: VideoInfo;
  chapters: VideoChapters;
  remainingCredits: number | null;
}

/** How one summary is followed: its `start` and `delta` events, and the request's signal. */
export interface SummaryRun {
  emit: (event: Exclude<YoutubeStreamEvent, { type: 'done' | 'error' }>) => void;
  /** Aborts when the client goes away: the summary stops and its hold is released. */
  signal: AbortSignal;
  language?: string | undefined;
  /** The link as the member gave it (kept with the session). */
  videoUrl: string;
}

export interface Summarizer {
  /** Holds the credits; a refusal (insufficient credits) comes before any work. */
  reserve(call: ChargedCall): Promise<Charge>;
  /** Runs a held charge: reads the video and writes the summary, committed only when it was made whole. */
  summarize(charge: Charge, videoId: string, run: SummaryRun): Promise<SummaryResult>;
}

export interface SummarizerDeps {
  credits: CreditsClient;
  /** Where each member's summaries are saved as sessions, committed with their charge through the outbox. */
  store: SessionStore;
  outbox: Outbox;
  /** The library's events (a saved summary is announced with its commit). */
  creations: CreationAnnouncer;
  reader: VideoReader;
  /** Absent without a provider key: summaries are made locally and say so. */
  provider: SummaryProvider | undefined;
  logger: Logger;
}

/** The transcript text sent to the provider is cut at this length. */
const TRANSCRIPT_MAX_CHARS = 60_000;

export function videoInfoOf(material: VideoMaterial): VideoInfo {
  return { title: material.title, duration: formatTimestamp(material.durationSeconds * 1000) };
}

/** The provider's instructions and input for one summary. */
export function summaryPrompt(material: VideoMaterial, language?: string): { system: string; user: string } {
  const lang = language ?? material.transcript?.language;
  const system = [
    'You summarize YouTube videos for busy readers.',
    `Write the summary in ${lang ? `the language with code "${lang}"` : 'the language of the material'}.`,
    'Start with a two- or three-sentence overview, then the main points as a short bulleted list.',
    material.transcript
      ? 'End with "Key moments": 3 to 8 bullets, each starting with the markdown link given for that moment in the transcript ([m:ss](url)), then what happens there. Use only timestamps that appear in the transcript.'
      : 'There is no transcript: base the summary only on the title and description, and say so in one sentence.',
    'Use markdown. Do not invent facts.',
  ].join(' ');
  let body: string;
  if (material.transcript) {
    const lines: string[] = [];
    let length = 0;
    for (const s of material.transcript.segments) {
      const line = `[${formatTimestamp(s.startMs)}](${timestampLink(material.videoId, s.startMs)}) ${s.text}`;
      length += line.length + 1;
      if (length > TRANSCRIPT_MAX_CHARS) break;
      lines.push(line);
    }
    body = `Transcript:\n${lines.join('\n')}`;
  } else {
    body = `Description:\n${material.description}`;
  }
  return { system, user: `Title: ${material.title}\n\n${body}` };
}

/** The transcript lines kept with a session, within TRANSCRIPT_LIMITS (a longer one keeps its beginning). */
function storedTranscript(material: VideoMaterial) {
  const segments = material.transcript?.segments ?? [];
  if (segments.length === 0) return null;
  const kept = [];
  let chars = 0;
  for (const s of segments.slice(0, TRANSCRIPT_LIMITS.maxLines)) {
    chars += s.text.length;
    if (chars > TRANSCRIPT_LIMITS.maxChars) break;
    kept.push({ startMs: Math.max(0, Math.round(s.startMs)), text: s.text });
  }
  return kept;
}

export function createSummarizer({
  credits,
  store,
  outbox,
  creations,
  reader,
  provider,
  logger,
}: SummarizerDeps): Summarizer {
  const chapterWriter = createChapterWriter({ provider, logger });

  /** Writes the summary through `onText` and returns it whole, with the video's chapters. */
  async function write(
    videoId: string,
    signal: AbortSignal,
    language: string | undefined,
    onStart: (material: VideoMaterial) => void,
    onText: (text: string) => void,
  ): Promise<{ material: VideoMaterial; summary: string; chapters: VideoChapters }> {
    let material: VideoMaterial;
    try {
      material = await reader.read(videoId);
    } catch (error) {
      if (signal.aborted) throw error;
      logger.warn({ err: error, videoId }, 'video could not be read; hold released');
      const unavailable = error instanceof VideoUnavailableError;
      throw new AppError(
        ErrorCode.PROVIDER_FAILED,
        unavailable ? ERROR_TEXTS.youtube.videoUnavailable : ERROR_TEXTS.youtube.summarizeVideo,
        { cause: error },
      );
    }
    onStart(material);
    let summary = '';
    const emit = (text: string) => {
      summary += text;
      onText(text);
    };
    if (!provider) {
      emit(
        material.transcript
          ? localTranscriptSummary(videoId, material.transcript.segments)
          : localDescriptionSummary(material.description),
      );
      return { material, summary, chapters: await chapterWriter.chapters(material, { language, signal }) };
    }
    if (!material.transcript) emit(`${UI_TEXTS.youtube.descriptionSummaryNote}\n\n`);
    try {
      await provider.stream({ ...summaryPrompt(material, language), signal, onText: emit });
    } catch (error) {
      if (signal.aborted) throw error;
      logger.warn({ err: error, videoId }, 'summary provider failed; hold released');
      throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.youtube.generateSummaryRetry, {
        cause: error,
      });
    }
    if (!summary.trim()) {
      throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.youtube.generateSummaryRetry);
    }
    return { material, summary, chapters: await chapterWriter.chapters(material, { language, signal }) };
  }

  /** Holds the 4 credits; a short balance is refused with the spec's own text (reserveCharge looks it up). */
  function reserve(call: ChargedCall): Promise<Charge> {
    return reserveCharge(credits, { tool: 'youtube-summarizer', ...payerOf(call) });
  }

  return {
    reserve,

    async summarize(charge, videoId, { emit, signal, language, videoUrl }) {
      const userId = charge.ref.userId;
      if (!userId) throw new Error('the summarizer is for members only');
      const { material, summary, chapters, sessionId } = await charge.run(
        async (runSignal) => {
          const made = await write(
            videoId,
            runSignal,
            language,
            (m) =>
              emit({
                type: 'start',
                videoId,
                videoInfo: videoInfoOf(m),
                source: m.transcript ? 'transcript' : 'description',
                local: !provider,
              }),
            (text) => emit({ type: 'delta', text }),
          );
          const info = videoInfoOf(made.material);
          const session = await store.transaction(async (tx) => {
            const saved = await tx.insertSession({
              id: randomUUID(),
              user_id: userId,
              video_id: videoId,
              video_url: videoUrl,
              title: info.title,
              duration: info.duration,
              source: made.material.transcript ? 'transcript' : 'description',
              summary: made.summary,
              chapters: made.chapters,
              transcript: storedTranscript(made.material),
            });
            await tx.commitCharge(charge, outbox);
            await tx.announce(creations, summaryCreation(saved));
            return saved;
          });
          return { ...made, sessionId: session.id };
        },
        { signal },
      );
      return {
        sessionId,
        summary,
        videoInfo: videoInfoOf(material),
        chapters,
        remainingCredits: charge.remainingCredits,
      };
    },
  };
}

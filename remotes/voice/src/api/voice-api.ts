// Calls of the voice tools through the host's API client (gateway → voice service), typed by the contracts: which
// tools this server can run, the voice list, the member's recent results, and the four runs, each POSTed with
// `Accept: text/event-stream` so the page sees the job's progress (useStreamedReply with VoiceStreamEventSchema).
import {
  API_ROUTES,
  AudioHistoryReplySchema,
  ActiveVoiceJobsReplySchema,
  ERROR_TEXTS,
  VoicesReplySchema,
  VoiceStatusReplySchema,
  VoiceJobReplySchema,
  fillRoute,
  type AudioClip,
  type SoundEffectsRequest,
  type SpeechToSpeechRequest,
  type TextToSpeechRequest,
  type VoiceIsolatorRequest,
  type VoiceJob,
  type VoiceOption,
  type VoiceStatusReply,
  type VoiceToolId,
} from '@act/contracts';
import { downloadFile, type ApiClient, type CursorPage } from '@act/host-sdk';

const R = API_ROUTES.voice;

/** Texts shown when a call fails without a server text (docs/product-rules.md#errors). */
export const FALLBACK_ERRORS: Readonly<Record<VoiceToolId, string>> = {
  'text-to-speech': ERROR_TEXTS.audio.generateSpeech,
  'speech-to-speech': ERROR_TEXTS.audio.processAudioRetry,
  'sound-effects': ERROR_TEXTS.audio.generateSoundEffect,
  'voice-isolator': ERROR_TEXTS.audio.isolateVoice,
};

/** Page size of a tool's recent results under its screen. */
export const RECENT_PAGE_SIZE = 5;

export type VoiceToolsStatus = VoiceStatusReply['tools'];

export async function getVoiceStatus(api: ApiClient, signal?: AbortSignal): Promise<VoiceToolsStatus> {
  const reply = await api.get(R.status, { schema: VoiceStatusReplySchema, signal });
  return reply.tools;
}

export async function getVoices(api: ApiClient, signal?: AbortSignal): Promise<VoiceOption[]> {
  const reply = await api.get(R.voices, {
    schema: VoicesReplySchema,
    fallbackError: ERROR_TEXTS.network.fetchVoices,
    signal,
  });
  return reply.voices;
}

export async function getRecentClips(
  api: ApiClient,
  tool: VoiceToolId,
  cursor: string | null,
  signal: AbortSignal,
): Promise<CursorPage<AudioClip>> {
  const query = new URLSearchParams({ tool, limit: String(RECENT_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const reply = await api.get(`${R.history}?${query}`, { schema: AudioHistoryReplySchema, signal });
  return { items: reply.items, nextCursor: reply.next_cursor ?? null };
}

/** The member's jobs of one tool still queued or running (work that outlived an earlier visit). */
export async function getActiveJobs(
  api: ApiClient,
  tool: VoiceToolId,
  signal?: AbortSignal,
): Promise<VoiceJob[]> {
  const reply = await api.get(`${R.activeJobs}?${new URLSearchParams({ tool })}`, {
    schema: ActiveVoiceJobsReplySchema,
    signal,
  });
  return reply.jobs;
}

export async function getJob(api: ApiClient, id: string, signal?: AbortSignal): Promise<VoiceJob> {
  const reply = await api.get(fillRoute(R.job, { id }), { schema: VoiceJobReplySchema, signal });
  return reply.job;
}

export function textToSpeechRequest(text: string, voiceId: string) {
  const body: TextToSpeechRequest = { text, voiceId, toolName: 'text-to-speech' };
  return { path: R.textToSpeech, body };
}

export function speechToSpeechRequest(audioFile: string, voiceId: string) {
  const body: SpeechToSpeechRequest = { audioFile, voiceId, toolName: 'speech-to-speech' };
  return { path: R.speechToSpeech, body };
}

export function soundEffectsRequest(prompt: string, durationSeconds: number | null) {
  const body: SoundEffectsRequest = { prompt, toolName: 'sound-effects' };
  if (durationSeconds !== null) body.durationSeconds = durationSeconds;
  return { path: R.soundEffects, body };
}

export function voiceIsolatorRequest(audioFile: string) {
  const body: VoiceIsolatorRequest = { audioFile, toolName: 'voice-isolator' };
  return { path: R.voiceIsolator, body };
}

/**
 * Saves a stored result under the spec's name (speech-, sound-effect- or isolated-audio-{timestamp}.mp3, which the
 * clip carries). Throws an Error with 'Failed to download audio file.' on any failure.
 */
export function downloadClip(clip: Pick<AudioClip, 'downloadUrl' | 'fileName'>): Promise<void> {
  return downloadFile(clip.downloadUrl, clip.fileName, ERROR_TEXTS.audio.downloadAudioFile);
}

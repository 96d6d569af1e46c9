// Voice service contracts (docs/product-rules.md#endpoints): text to speech, voice list, sound effects, voice
// isolator and speech to speech, plus ours: which tools this server can run (status), the member's audio history,
// long-running jobs and their streamed progress (Accept: text/event-stream on the POST; JSON stays the default
// reply).
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS, ErrorCodeSchema } from '../errors';
import { LIMITS } from '../limits';
import { cursorPage, cursorQuery } from './pagination';
import {
  AudioDataUrlSchema,
  IdParamsSchema,
  remainingCreditsField,
  successReply,
  SuccessReplySchema,
  TimestampSchema,
  ToolNameFieldSchema,
} from './common';

const V = ERROR_TEXTS.validation;

/** The voice family's tools, in the order the dashboard lists them. */
export const VOICE_TOOL_IDS = [
  'text-to-speech',
  'speech-to-speech',
  'sound-effects',
  'voice-isolator',
] as const;
export const VoiceToolIdSchema = z.enum(VOICE_TOOL_IDS);
export type VoiceToolId = z.infer<typeof VoiceToolIdSchema>;

const VoiceIdSchema = z
  .string({ error: V.voiceRequired })
  .trim()
  .min(1, { error: V.voiceRequired, abort: true })
  .max(LIMITS.voiceIdChars, { error: ERROR_TEXTS.voice.unknownVoice });

export const TextToSpeechRequestSchema = z.object({
  text: z
    .string({ error: V.textRequired })
    .trim()
    .min(1, { error: V.textRequired, abort: true })
    .max(LIMITS.ttsText, { error: V.textTooLong }),
  voiceId: VoiceIdSchema,
  toolName: ToolNameFieldSchema,
});
export type TextToSpeechRequest = z.infer<typeof TextToSpeechRequestSchema>;

/** Where a result was made: by the voice provider (ElevenLabs) or on this server without a key (eSpeak NG, RNNoise). */
export const VoiceEngineSchema = z.enum(['elevenlabs', 'local']);
export type VoiceEngine = z.infer<typeof VoiceEngineSchema>;

/** One stored result in a member's audio history (ours). URLs are signed and expire; list again for fresh ones. */
export const AudioClipSchema = z.object({
  id: z.uuid(),
  tool: VoiceToolIdSchema,
  createdAt: TimestampSchema,
  /** Plays the result (signed, same origin, Range requests work, so an <audio> element can seek). */
  audioUrl: z.string(),
  /** Same file as an attachment named `fileName`. */
  downloadUrl: z.string(),
  /** The spec's download name: speech-, sound-effect- or isolated-audio- followed by a timestamp, .mp3. */
  fileName: z.string(),
  /** Voice isolator and speech to speech: the uploaded original (signed), for the before/after switch. */
  sourceUrl: z.string().nullable(),
  /** The text spoken (TTS) or the sound described (sound effects); null for the audio tools. */
  text: z.string().nullable(),
  voiceId: z.string().nullable(),
  voiceName: z.string().nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  engine: VoiceEngineSchema,
});
export type AudioClip = z.infer<typeof AudioClipSchema>;

/** `clip` is ours: the stored result as the history lists it. */
export const AudioReplySchema = successReply({
  audioUrl: z.string(),
  clip: AudioClipSchema,
  ...remainingCreditsField,
});
export type AudioReply = z.infer<typeof AudioReplySchema>;
/** Reply of text-to-speech. */
export const TextToSpeechReplySchema = AudioReplySchema;
export type TextToSpeechReply = AudioReply;

export const VoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A short sample to play before paying; null when the provider has none. Public, same origin or the provider's. */
  previewUrl: z.string().nullable(),
  /** Language or accent label (e.g. 'English (US)'), when known. */
  language: z.string().nullable(),
});
export type VoiceOption = z.infer<typeof VoiceSchema>;
export const VoicesReplySchema = successReply({ voices: z.array(VoiceSchema), engine: VoiceEngineSchema });
export type VoicesReply = z.infer<typeof VoicesReplySchema>;

export const VoicePreviewParamsSchema = z.object({ voiceId: z.string().min(1).max(LIMITS.voiceIdChars) });

export const SoundEffectsRequestSchema = z.object({
  prompt: z
    .string({ error: V.soundDescriptionRequired })
    .trim()
    .min(1, { error: V.soundDescriptionRequired, abort: true })
    .max(LIMITS.soundEffect, { error: V.descriptionTooLong }),
  /**
   * Ours: length of the effect, 2-10 s (docs/product-rules.md#costs-and-limits); the provider chooses when absent.
   */
  durationSeconds: z
    .number({ error: ERROR_TEXTS.voice.durationRange })
    .min(LIMITS.soundEffectSeconds.min, { error: ERROR_TEXTS.voice.durationRange })
    .max(LIMITS.soundEffectSeconds.max, { error: ERROR_TEXTS.voice.durationRange })
    .optional(),
  toolName: ToolNameFieldSchema,
});
export type SoundEffectsRequest = z.infer<typeof SoundEffectsRequestSchema>;
/** Reply of sound-effects. */
export const SoundEffectsReplySchema = AudioReplySchema;
export type SoundEffectsReply = AudioReply;

export const VoiceIsolatorRequestSchema = z.object({
  audioFile: AudioDataUrlSchema,
  toolName: ToolNameFieldSchema,
});
export type VoiceIsolatorRequest = z.infer<typeof VoiceIsolatorRequestSchema>;
export const VoiceIsolatorReplySchema = successReply({
  isolatedAudioUrl: z.string(),
  clip: AudioClipSchema,
  ...remainingCreditsField,
});
export type VoiceIsolatorReply = z.infer<typeof VoiceIsolatorReplySchema>;

/** Speech to speech (5 credits): a recording re-voiced in a listed voice. */
export const SpeechToSpeechRequestSchema = z.object({
  audioFile: AudioDataUrlSchema,
  voiceId: VoiceIdSchema,
  toolName: ToolNameFieldSchema,
});
export type SpeechToSpeechRequest = z.infer<typeof SpeechToSpeechRequestSchema>;
export const SpeechToSpeechReplySchema = AudioReplySchema;
export type SpeechToSpeechReply = AudioReply;

/** Ours: which voice tools this server can run, so a screen says so before the member types or uploads. */
export const VoiceToolStatusSchema = z.object({
  available: z.boolean(),
  /** Who does the work when available; null when not. */
  engine: VoiceEngineSchema.nullable(),
  /** Upload types this tool accepts here (MIME types); empty for the text tools. */
  acceptedAudio: z.array(z.string()),
  /** Why it is unavailable, or what the local engine cannot do; null when there is nothing to say. */
  note: z.string().nullable(),
});
export type VoiceToolStatus = z.infer<typeof VoiceToolStatusSchema>;
export const VoiceStatusReplySchema = successReply({
  tools: z.object({
    'text-to-speech': VoiceToolStatusSchema,
    'speech-to-speech': VoiceToolStatusSchema,
    'sound-effects': VoiceToolStatusSchema,
    'voice-isolator': VoiceToolStatusSchema,
  }),
});
export type VoiceStatusReply = z.infer<typeof VoiceStatusReplySchema>;

/** `?tool=&cursor=&limit=`: one page of the member's stored results, newest first, optionally of one tool. */
export const AudioHistoryQuerySchema = cursorQuery({
  pageSize: LIMITS.pageSize,
  maxPageSize: LIMITS.maxPageSize,
}).extend({ tool: VoiceToolIdSchema.optional() });
export type AudioHistoryQuery = z.infer<typeof AudioHistoryQuerySchema>;
export const AudioHistoryReplySchema = cursorPage(AudioClipSchema, 'items');
export type AudioHistoryReply = z.infer<typeof AudioHistoryReplySchema>;

/** A long voice job (ours): any replica can finish it; the member can come back to it. */
export const VoiceJobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type VoiceJobStatus = z.infer<typeof VoiceJobStatusSchema>;
export const VoiceJobSchema = z.object({
  id: z.uuid(),
  tool: VoiceToolIdSchema,
  status: VoiceJobStatusSchema,
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  createdAt: TimestampSchema,
  /** The stored result once succeeded. */
  clip: AudioClipSchema.nullable(),
  /** The spec's failure text once failed (nothing was charged). */
  error: z.string().nullable(),
});
export type VoiceJob = z.infer<typeof VoiceJobSchema>;
export const VoiceJobReplySchema = successReply({ job: VoiceJobSchema });
export type VoiceJobReply = z.infer<typeof VoiceJobReplySchema>;
/** `?tool=`: the member's jobs still queued or running (a screen shows them on return). */
export const ActiveVoiceJobsQuerySchema = z.object({ tool: VoiceToolIdSchema.optional() });
export const ActiveVoiceJobsReplySchema = successReply({ jobs: z.array(VoiceJobSchema) });
export type ActiveVoiceJobsReply = z.infer<typeof ActiveVoiceJobsReplySchema>;

/**
 * Streamed progress of a voice POST sent with `Accept: text/event-stream`: `start` names the job, `progress` events
 * follow (0-100), then `done` with the tool's reply fields (audioUrl or isolatedAudioUrl, clip, remainingCredits) or
 * `error` with the spec's text (nothing charged). The job goes on if the browser leaves; its result shows in history.
 */
export const VoiceStreamStartEventSchema = z.object({
  type: z.literal('start'),
  jobId: z.uuid(),
  tool: VoiceToolIdSchema,
});
export const VoiceStreamProgressEventSchema = z.object({
  type: z.literal('progress'),
  progress: z.number().int().min(0).max(100),
});
export const VoiceStreamDoneEventSchema = z.object({
  type: z.literal('done'),
  jobId: z.uuid(),
  /** Text to speech, sound effects, speech to speech. */
  audioUrl: z.string().optional(),
  /** Voice isolator. */
  isolatedAudioUrl: z.string().optional(),
  clip: AudioClipSchema,
  ...remainingCreditsField,
});
export const VoiceStreamErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  remainingCredits: z.number().int().nonnegative().nullable().optional(),
});
export const VoiceStreamEventSchema = z.discriminatedUnion('type', [
  VoiceStreamStartEventSchema,
  VoiceStreamProgressEventSchema,
  VoiceStreamDoneEventSchema,
  VoiceStreamErrorEventSchema,
]);
export type VoiceStreamEvent = z.infer<typeof VoiceStreamEventSchema>;

/**
 * Download names (docs/product-rules.md#endpoints): speech-, sound-effect- and isolated-audio- followed by a
 * timestamp, .mp3.
 */
export const VOICE_DOWNLOAD_PREFIX: Readonly<Record<VoiceToolId, string>> = {
  'text-to-speech': 'speech',
  'speech-to-speech': 'speech',
  'sound-effects': 'sound-effect',
  'voice-isolator': 'isolated-audio',
};
export function voiceDownloadName(tool: VoiceToolId, at: Date | number = Date.now()): string {
  const timestamp = typeof at === 'number' ? at : at.getTime();
  return `${VOICE_DOWNLOAD_PREFIX[tool]}-${timestamp}.mp3`;
}

/** The voice endpoints (docs/product-rules.md#endpoints, plus status, previews, history and jobs). */
export const VOICE_ENDPOINTS = {
  textToSpeech: toolEndpoint({
    method: 'POST',
    path: '/api/voice/text-to-speech',
    tool: 'text-to-speech',
    request: TextToSpeechRequestSchema,
    reply: TextToSpeechReplySchema,
    events: VoiceStreamEventSchema,
  }),
  voices: endpoint({ method: 'GET', path: '/api/voice/voices', access: 'member', reply: VoicesReplySchema }),
  /**
   * A voice's sample as MP3 (binary reply). Public so an <audio> element can play it without a token; only the
   * listed voices, each rendered once and cached.
   */
  voicePreview: endpoint({
    method: 'GET',
    path: '/api/voice/voices/:voiceId/preview',
    access: 'public',
    params: VoicePreviewParamsSchema,
  }),
  soundEffects: toolEndpoint({
    method: 'POST',
    path: '/api/voice/sound-effects',
    tool: 'sound-effects',
    request: SoundEffectsRequestSchema,
    reply: SoundEffectsReplySchema,
    events: VoiceStreamEventSchema,
  }),
  voiceIsolator: toolEndpoint({
    method: 'POST',
    path: '/api/voice/voice-isolator',
    tool: 'voice-isolator',
    bodyLimit: 'audio',
    request: VoiceIsolatorRequestSchema,
    reply: VoiceIsolatorReplySchema,
    events: VoiceStreamEventSchema,
  }),
  speechToSpeech: toolEndpoint({
    method: 'POST',
    path: '/api/voice/speech-to-speech',
    tool: 'speech-to-speech',
    bodyLimit: 'audio',
    request: SpeechToSpeechRequestSchema,
    reply: SpeechToSpeechReplySchema,
    events: VoiceStreamEventSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/voice/status',
    access: 'member',
    reply: VoiceStatusReplySchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/voice/history',
    access: 'member',
    request: AudioHistoryQuerySchema,
    reply: AudioHistoryReplySchema,
  }),
  deleteClip: endpoint({
    method: 'DELETE',
    path: '/api/voice/history/:id',
    access: 'member',
    params: IdParamsSchema,
    reply: SuccessReplySchema,
  }),
  activeJobs: endpoint({
    method: 'GET',
    path: '/api/voice/jobs',
    access: 'member',
    request: ActiveVoiceJobsQuerySchema,
    reply: ActiveVoiceJobsReplySchema,
  }),
  job: endpoint({
    method: 'GET',
    path: '/api/voice/jobs/:id',
    access: 'member',
    params: IdParamsSchema,
    reply: VoiceJobReplySchema,
  }),
} as const;

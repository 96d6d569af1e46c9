// Voice service contracts (docs/product-rules.md#endpoints): text to speech, voice list, sound effects, voice
// isolator and speech to speech, plus ours: the member's audio history (voice-clips.ts), which tools this server can
// run and long-running jobs (voice-jobs.ts). A run's progress streams as events when the POST asks for
// Accept: text/event-stream (below); JSON stays the default reply.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import {
  AudioDataUrlSchema,
  IdParamsSchema,
  remainingCreditsField,
  successReply,
  SuccessReplySchema,
  ToolNameFieldSchema,
  ToolStreamErrorEventSchema,
} from './common';
import {
  AudioClipSchema,
  AudioHistoryQuerySchema,
  AudioHistoryReplySchema,
  VoiceEngineSchema,
  VoiceToolIdSchema,
  type VoiceToolId,
} from './voice-clips';
import { TRANSCRIBE_ENDPOINT } from './voice-transcribe';
import {
  ActiveVoiceJobsQuerySchema,
  ActiveVoiceJobsReplySchema,
  VoiceJobReplySchema,
  VoiceStatusReplySchema,
} from './voice-jobs';

export * from './voice-clips';
export * from './voice-jobs';
export * from './voice-transcribe';

const V = ERROR_TEXTS.validation;

const VoiceIdSchema = z
  .string({ error: () => V.voiceRequired })
  .trim()
  .min(1, { error: () => V.voiceRequired, abort: true })
  .max(LIMITS.voiceIdChars, { error: () => ERROR_TEXTS.voice.unknownVoice });

export const TextToSpeechRequestSchema = z.object({
  text: z
    .string({ error: () => V.textRequired })
    .trim()
    .min(1, { error: () => V.textRequired, abort: true })
    .max(LIMITS.ttsText, { error: () => V.textTooLong }),
  voiceId: VoiceIdSchema,
  toolName: ToolNameFieldSchema,
});
export type TextToSpeechRequest = z.infer<typeof TextToSpeechRequestSchema>;

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
    .string({ error: () => V.soundDescriptionRequired })
    .trim()
    .min(1, { error: () => V.soundDescriptionRequired, abort: true })
    .max(LIMITS.soundEffect, { error: () => V.descriptionTooLong }),
  /**
   * Ours: length of the effect, 2-10 s (docs/product-rules.md#costs-and-limits); the provider chooses when absent.
   */
  durationSeconds: z
    .number({ error: () => ERROR_TEXTS.voice.durationRange })
    .min(LIMITS.soundEffectSeconds.min, { error: () => ERROR_TEXTS.voice.durationRange })
    .max(LIMITS.soundEffectSeconds.max, { error: () => ERROR_TEXTS.voice.durationRange })
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
export const VoiceStreamErrorEventSchema = ToolStreamErrorEventSchema;
export const VoiceStreamEventSchema = z.discriminatedUnion('type', [
  VoiceStreamStartEventSchema,
  VoiceStreamProgressEventSchema,
  VoiceStreamDoneEventSchema,
  VoiceStreamErrorEventSchema,
]);
export type VoiceStreamEvent = z.infer<typeof VoiceStreamEventSchema>;

/** The voice endpoints (docs/product-rules.md#endpoints, plus status, previews, history and jobs). */
export const VOICE_ENDPOINTS = {
  textToSpeech: toolEndpoint({
    failureText: () => ERROR_TEXTS.audio.generateSpeech,
    method: 'POST',
    path: '/api/voice/text-to-speech',
    tool: 'text-to-speech',
    request: TextToSpeechRequestSchema,
    reply: TextToSpeechReplySchema,
    events: VoiceStreamEventSchema,
  }),
  voices: endpoint({
    method: 'GET',
    path: '/api/voice/voices',
    access: 'member',
    reply: VoicesReplySchema,
    failureText: () => ERROR_TEXTS.network.fetchVoices,
  }),
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
    failureText: () => ERROR_TEXTS.audio.generateSoundEffect,
    method: 'POST',
    path: '/api/voice/sound-effects',
    tool: 'sound-effects',
    request: SoundEffectsRequestSchema,
    reply: SoundEffectsReplySchema,
    events: VoiceStreamEventSchema,
  }),
  voiceIsolator: toolEndpoint({
    failureText: () => ERROR_TEXTS.audio.isolateVoice,
    method: 'POST',
    path: '/api/voice/voice-isolator',
    tool: 'voice-isolator',
    bodyLimit: 'audio',
    request: VoiceIsolatorRequestSchema,
    reply: VoiceIsolatorReplySchema,
    events: VoiceStreamEventSchema,
  }),
  speechToSpeech: toolEndpoint({
    failureText: () => ERROR_TEXTS.audio.processAudioRetry,
    method: 'POST',
    path: '/api/voice/speech-to-speech',
    tool: 'speech-to-speech',
    bodyLimit: 'audio',
    request: SpeechToSpeechRequestSchema,
    reply: SpeechToSpeechReplySchema,
    events: VoiceStreamEventSchema,
  }),
  transcribe: TRANSCRIBE_ENDPOINT,
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
  /** Ours: one of the member's stored clips, re-signed (a tool page reopens it from the library's `?open=<id>`). */
  clip: endpoint({
    method: 'GET',
    path: '/api/voice/history/:id',
    access: 'member',
    params: IdParamsSchema,
    reply: successReply({ clip: AudioClipSchema }),
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

/** Each voice tool's run: the page starts it, the service's job fails with its `failureText`. */
export const VOICE_TOOL_ENDPOINTS = {
  'text-to-speech': VOICE_ENDPOINTS.textToSpeech,
  'speech-to-speech': VOICE_ENDPOINTS.speechToSpeech,
  'sound-effects': VOICE_ENDPOINTS.soundEffects,
  'voice-isolator': VOICE_ENDPOINTS.voiceIsolator,
} as const satisfies Record<VoiceToolId, unknown>;
export type VoiceToolEndpoint = (typeof VOICE_TOOL_ENDPOINTS)[VoiceToolId];

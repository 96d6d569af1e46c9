// Voice service contracts (spec §7): text to speech, voice list, sound effects and voice isolator.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { AudioDataUrlSchema, remainingCreditsField, successReply, ToolNameFieldSchema } from './common';

const V = ERROR_TEXTS.validation;

export const TextToSpeechRequestSchema = z.object({
  text: z
    .string({ error: V.textRequired })
    .trim()
    .min(1, { error: V.textRequired, abort: true })
    .max(LIMITS.ttsText, { error: V.textTooLong }),
  voiceId: z.string({ error: V.voiceRequired }).trim().min(1, { error: V.voiceRequired }).max(64),
  toolName: ToolNameFieldSchema,
});
export type TextToSpeechRequest = z.infer<typeof TextToSpeechRequestSchema>;

export const AudioReplySchema = successReply({ audioUrl: z.string(), ...remainingCreditsField });
export type AudioReply = z.infer<typeof AudioReplySchema>;
/** Reply of text-to-speech. */
export const TextToSpeechReplySchema = AudioReplySchema;
export type TextToSpeechReply = AudioReply;

export const VoiceSchema = z.object({ id: z.string(), name: z.string() });
export const VoicesReplySchema = successReply({ voices: z.array(VoiceSchema) });
export type VoicesReply = z.infer<typeof VoicesReplySchema>;

export const SoundEffectsRequestSchema = z.object({
  prompt: z
    .string({ error: V.soundDescriptionRequired })
    .trim()
    .min(1, { error: V.soundDescriptionRequired, abort: true })
    .max(LIMITS.soundEffect, { error: V.descriptionTooLong }),
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
  ...remainingCreditsField,
});
export type VoiceIsolatorReply = z.infer<typeof VoiceIsolatorReplySchema>;

/** The voice endpoints (spec §7; drafts until the voice service is built). */
export const VOICE_ENDPOINTS = {
  textToSpeech: toolEndpoint({
    method: 'POST',
    path: '/api/voice/text-to-speech',
    tool: 'text-to-speech',
    request: TextToSpeechRequestSchema,
    reply: TextToSpeechReplySchema,
  }),
  voices: endpoint({ method: 'GET', path: '/api/voice/voices', access: 'member', reply: VoicesReplySchema }),
  soundEffects: toolEndpoint({
    method: 'POST',
    path: '/api/voice/sound-effects',
    tool: 'sound-effects',
    request: SoundEffectsRequestSchema,
    reply: SoundEffectsReplySchema,
  }),
  voiceIsolator: toolEndpoint({
    method: 'POST',
    path: '/api/voice/voice-isolator',
    tool: 'voice-isolator',
    bodyLimit: 'audio',
    request: VoiceIsolatorRequestSchema,
    reply: VoiceIsolatorReplySchema,
  }),
} as const;

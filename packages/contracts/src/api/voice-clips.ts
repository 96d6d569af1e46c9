// The voice family's stored results (docs/product-rules.md#endpoints): the tools, the engine that made a result, one
// clip as the member's audio history lists it, the history's pages and the spec's download names. Part of the voice
// family (voice.ts).
import { z } from 'zod';
import { LIMITS } from '../limits';
import { cursorPage, cursorQuery } from './pagination';
import { TimestampSchema } from './common';

/** The voice family's tools, in the order the dashboard lists them. */
export const VOICE_TOOL_IDS = [
  'text-to-speech',
  'speech-to-speech',
  'sound-effects',
  'voice-isolator',
] as const;
export const VoiceToolIdSchema = z.enum(VOICE_TOOL_IDS);
export type VoiceToolId = z.infer<typeof VoiceToolIdSchema>;

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

/** `?tool=&cursor=&limit=`: one page of the member's stored results, newest first, optionally of one tool. */
export const AudioHistoryQuerySchema = cursorQuery({
  pageSize: LIMITS.pageSize,
  maxPageSize: LIMITS.maxPageSize,
}).extend({ tool: VoiceToolIdSchema.optional() });
export type AudioHistoryQuery = z.infer<typeof AudioHistoryQuerySchema>;
export const AudioHistoryReplySchema = cursorPage(AudioClipSchema, 'items');
export type AudioHistoryReply = z.infer<typeof AudioHistoryReplySchema>;

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

// Dictation (issue 39, docs/product-rules.md#dictation): a recording from a chat message box turned into text by a
// speech-to-text provider, 1 credit per started minute, free when it fails. Members only (the tool is not a guest
// tool); the upload follows the voice family's audio rules (5 MB, the types the bytes prove).
import { z } from 'zod';
import { toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { AudioDataUrlSchema, remainingCreditsField, successReply } from './common';

export const TranscribeRequestSchema = z.object({
  /** The recording as a data URL (MediaRecorder's WebM or MP4, or any accepted audio file). */
  audio: AudioDataUrlSchema,
});
export type TranscribeRequest = z.infer<typeof TranscribeRequestSchema>;

export const TranscribeReplySchema = successReply({
  text: z.string(),
  ...remainingCreditsField,
});
export type TranscribeReply = z.infer<typeof TranscribeReplySchema>;

export const TRANSCRIBE_ENDPOINT = toolEndpoint({
  method: 'POST',
  path: '/api/voice/transcribe',
  tool: 'transcribe',
  bodyLimit: 'audio',
  failureText: () => ERROR_TEXTS.voice.transcribeFailed,
  request: TranscribeRequestSchema,
  reply: TranscribeReplySchema,
});

/** Credits a recording of `seconds` costs: 1 per started minute, at least one. */
export function transcribeMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

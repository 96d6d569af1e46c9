// What this server can run (GET /api/voice/status) and the voice family's long jobs (ours): a job any replica can
// finish and the member can come back to (GET /api/voice/jobs). Part of the voice family (voice.ts, which holds the
// events a run streams).
import { z } from 'zod';
import { successReply, TimestampSchema } from './common';
import { AudioClipSchema, VoiceEngineSchema, VoiceToolIdSchema } from './voice-clips';

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
    /** Dictation in the chat message boxes: available with a speech-to-text provider, else the note says why. */
    transcribe: VoiceToolStatusSchema,
  }),
});
export type VoiceStatusReply = z.infer<typeof VoiceStatusReplySchema>;

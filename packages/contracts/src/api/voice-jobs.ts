// The voice family's long jobs (ours): a job any replica can finish and the member can come back to, and the
// progress streamed to a POST sent with Accept: text/event-stream. Part of the voice family (voice.ts).
import { z } from 'zod';
import { remainingCreditsField, successReply, TimestampSchema, ToolStreamErrorEventSchema } from './common';
import { AudioClipSchema, VoiceToolIdSchema } from './voice-clips';

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
export const VoiceStreamErrorEventSchema = ToolStreamErrorEventSchema;
export const VoiceStreamEventSchema = z.discriminatedUnion('type', [
  VoiceStreamStartEventSchema,
  VoiceStreamProgressEventSchema,
  VoiceStreamDoneEventSchema,
  VoiceStreamErrorEventSchema,
]);
export type VoiceStreamEvent = z.infer<typeof VoiceStreamEventSchema>;

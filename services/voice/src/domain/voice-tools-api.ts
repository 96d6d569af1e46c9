// What the voice tools offer the routes (createVoiceTools in voice-tools.ts builds it): start a job for a member,
// follow it to its reply, read jobs and clips.
import type { ApiKeyCharge, AudioClip, VoiceJob, VoiceStatusReply, VoiceToolId } from '@act/contracts';
import type { Charge, JobRunner } from '@act/service-kit';
import type { AudioInput } from '@act/service-kit/media';
import type { ClipRow } from '../db/clip-store';

export interface ToolReply {
  audioUrl: string;
  clip: AudioClip;
  remainingCredits: number | null;
}

export interface StartedJob {
  jobId: string;
  tool: VoiceToolId;
  charge: Charge;
}

export interface FollowOptions {
  onProgress?: (percent: number) => void;
  /** Stops waiting (the job goes on). */
  signal?: AbortSignal;
}

/** Who starts a job: the member, and the personal API key of the call if it came with one. */
export interface JobMember {
  userId: string;
  apiKey?: ApiKeyCharge | undefined;
}

export interface VoiceTools {
  status(): VoiceStatusReply['tools'];
  // Each start takes the member (with the call's personal API key, if any, which the charge names and credits holds
  // to its limit) and the HTTP request's id (EndpointCall.requestId): the reserve sends it to credits. The job's
  // settlement, by whichever replica runs it, is background work and names no request.
  textToSpeech(
    member: JobMember,
    input: { text: string; voiceId: string },
    requestId?: string,
  ): Promise<StartedJob>;
  soundEffects(
    member: JobMember,
    input: { prompt: string; durationSeconds?: number },
    requestId?: string,
  ): Promise<StartedJob>;
  voiceIsolator(member: JobMember, audio: AudioInput, requestId?: string): Promise<StartedJob>;
  speechToSpeech(
    member: JobMember,
    input: { audio: AudioInput; voiceId: string },
    requestId?: string,
  ): Promise<StartedJob>;
  /** Waits for a started job: its reply, or its failure as an AppError (nothing charged, balance after refund). */
  follow(started: StartedJob, options?: FollowOptions): Promise<ToolReply>;
  clipOf(row: ClipRow): AudioClip;
  job(userId: string, id: string): Promise<VoiceJob>;
  activeJobs(userId: string, tool?: VoiceToolId): Promise<VoiceJob[]>;
  /** Runs abandoned jobs now (tests; also done periodically). */
  runner: JobRunner;
}

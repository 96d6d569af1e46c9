// The voice tools' types (createVoiceTools in voice-tools.ts builds them): what they offer the routes (start a job
// for a member, follow it to its reply, read jobs and clips), what they are built from, and a job's input and result.
import type {
  ApiKeyCharge,
  AudioClip,
  VoiceEngine,
  VoiceJob,
  VoiceStatusReply,
  VoiceToolId,
} from '@act/contracts';
import type {
  Charge,
  CreationAnnouncer,
  CreditsClient,
  JobRunner,
  Logger,
  Outbox,
  Sql,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { AudioInput } from '@act/service-kit/media';
import type { ClipRow, ClipStore } from '../db/clip-store';
import type { LocalEngine } from '../engines/local-engine';
import type { VoiceProvider } from '../providers/voice-provider';
import type { ResolvedVoice, VoiceCatalogue } from './voices';

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
  status(): Omit<VoiceStatusReply['tools'], 'transcribe'>;
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

export type JobInput =
  | { tool: 'text-to-speech'; engine: VoiceEngine; text: string; voice: ResolvedVoice }
  | { tool: 'sound-effects'; engine: VoiceEngine; prompt: string; durationSeconds?: number }
  | { tool: 'voice-isolator'; engine: VoiceEngine; sourceKey: string; mime: string }
  | { tool: 'speech-to-speech'; engine: VoiceEngine; sourceKey: string; mime: string; voice: ResolvedVoice };

export interface JobResult {
  clipId: string;
  audioKey: string;
  durationSeconds: number | null;
  /** What the provider billed, for accounting (absent for local work). */
  provider?: { requestId: string | null; characterCost: number | null };
}

export interface VoiceToolsDeps {
  sql: Sql;
  credits: CreditsClient;
  outbox: Outbox;
  files: ObjectStore;
  clips: ClipStore;
  /** Announces stored clips to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
  voices: VoiceCatalogue;
  provider: VoiceProvider | undefined;
  local: LocalEngine;
  logger: Logger;
  jobLeaseMs?: number;
  jobPollMs?: number;
}

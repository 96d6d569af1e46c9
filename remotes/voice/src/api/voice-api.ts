// Calls of the voice service through the host's API client (gateway → voice service), typed by the contracts: which
// tools this server can run, the voice list, the member's recent results and jobs, deleting and downloading a clip.
// The four runs are streamed from use-voice-tool.ts (VOICE_TOOL_ENDPOINTS).
import {
  ERROR_TEXTS,
  VOICE_ENDPOINTS,
  type AudioClip,
  type VoiceJob,
  type VoiceOption,
  type VoiceStatusReply,
  type VoiceToolId,
} from '@act/contracts';
import { downloadFile, endpointUrl, type ApiClient, type CursorPage } from '@act/host-sdk';

const E = VOICE_ENDPOINTS;

/** Page size of a tool's recent results under its screen. */
export const RECENT_PAGE_SIZE = 5;

export type VoiceToolsStatus = VoiceStatusReply['tools'];

export async function getVoiceStatus(api: ApiClient, signal?: AbortSignal): Promise<VoiceToolsStatus> {
  const reply = await api.call(E.status, { signal });
  return reply.tools;
}

export async function getVoices(api: ApiClient, signal?: AbortSignal): Promise<VoiceOption[]> {
  const reply = await api.call(E.voices, { signal });
  return reply.voices;
}

export async function getRecentClips(
  api: ApiClient,
  tool: VoiceToolId,
  cursor: string | null,
  signal: AbortSignal,
): Promise<CursorPage<AudioClip>> {
  const reply = await api.call(E.history, {
    query: { tool, limit: RECENT_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
  return { items: reply.items, nextCursor: reply.nextCursor ?? null };
}

/** The member's jobs of one tool still queued or running (work that outlived an earlier visit). */
export async function getActiveJobs(
  api: ApiClient,
  tool: VoiceToolId,
  signal?: AbortSignal,
): Promise<VoiceJob[]> {
  const reply = await api.call(E.activeJobs, { query: { tool }, signal });
  return reply.jobs;
}

export async function getJob(api: ApiClient, id: string, signal?: AbortSignal): Promise<VoiceJob> {
  const reply = await api.call(E.job, { params: { id }, signal });
  return reply.job;
}

/** Deletes one of the member's stored results. */
export async function deleteClip(api: ApiClient, id: string): Promise<void> {
  await api.call(E.deleteClip, { params: { id } });
}

/** The same-origin URL of a voice's sample (an <audio> source; public, no token). */
export function voicePreviewUrl(voiceId: string): string {
  return endpointUrl(E.voicePreview, { params: { voiceId } });
}

/**
 * Saves a stored result under the spec's name (speech-, sound-effect- or isolated-audio-{timestamp}.mp3, which the
 * clip carries). Throws an Error with 'Failed to download audio file.' on any failure.
 */
export function downloadClip(clip: Pick<AudioClip, 'downloadUrl' | 'fileName'>): Promise<void> {
  return downloadFile(clip.downloadUrl, clip.fileName, ERROR_TEXTS.audio.downloadAudioFile);
}

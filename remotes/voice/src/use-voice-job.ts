// One voice run as the page sees it: POSTed with Accept: text/event-stream (useStreamedReply), the job's progress
// events, the stored clip from `done` (the header balance follows its remainingCredits), or the spec's text from an
// error event or a refusal; plus the seconds since the run started, for the 30-120 s waits.
import { useEffect, useState } from 'react';
import type { AudioClip, VoiceStreamEvent, VoiceToolId } from '@act/contracts';
import { useRunAnnouncer, useStreamedReply, type CallRequest, type ToolHost } from '@act/host-sdk';
import { VOICE_RUN_ENDPOINTS, type VoiceRunEndpoint } from './api/voice-api';

export interface VoiceJobView {
  running: boolean;
  /** 0-100 from the last progress event (0 before the first). */
  progress: number;
  /** Whole seconds since start(), while running. */
  elapsedSeconds: number;
  clip: AudioClip | null;
  error: string | null;
  needsSignup: boolean;
  /**
   * The job this screen started when its stream ended without a result or an error (the connection was cut): the
   * server finishes it anyway, and the recent list shows it then.
   */
  detachedJobId: string | null;
  /** Runs the tool with this request (the page's tool's request builder in voice-api). */
  start(request: CallRequest<VoiceRunEndpoint>): void;
  reset(): void;
}

export interface VoiceJobState {
  jobId: string | null;
  progress: number;
  clip: AudioClip | null;
  error: string | null;
}

/** What the events so far say. */
export function jobFromEvents(events: readonly VoiceStreamEvent[]): VoiceJobState {
  const state: VoiceJobState = { jobId: null, progress: 0, clip: null, error: null };
  for (const event of events) {
    if (event.type === 'start') state.jobId = event.jobId;
    else if (event.type === 'progress') state.progress = event.progress;
    else if (event.type === 'done') {
      state.clip = event.clip;
      state.progress = 100;
    } else state.error = event.error;
  }
  return state;
}

export function useVoiceJob(
  host: Pick<ToolHost, 'api' | 'onCreditsChange'>,
  tool: VoiceToolId,
  options: { onDone?(clip: AudioClip): void },
): VoiceJobView {
  const endpoint: VoiceRunEndpoint = VOICE_RUN_ENDPOINTS[tool];
  // The elapsed seconds tick on screen only; the start, each quarter and the clip are announced
  // (docs/architecture.md#status-announcements).
  const announcer = useRunAnnouncer();
  const reply = useStreamedReply(host.api, endpoint, {
    onCreditsChange: host.onCreditsChange,
    onEvent: (event) => {
      if (event.type === 'progress') announcer.progress(event.progress);
      if (event.type === 'done') {
        options.onDone?.(event.clip);
        announcer.finished();
      }
    },
  });
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const running = reply.streaming;

  useEffect(() => {
    if (!running || startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, startedAt]);

  const state = jobFromEvents(reply.events);
  return {
    running,
    progress: state.progress,
    elapsedSeconds: startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000)),
    clip: state.clip,
    error: reply.error?.message ?? state.error,
    needsSignup: reply.error?.needsSignup === true,
    detachedJobId:
      !running && state.jobId !== null && state.clip === null && state.error === null && !reply.error
        ? state.jobId
        : null,
    start: (request) => {
      const at = Date.now();
      setStartedAt(at);
      setNow(at);
      announcer.started();
      void reply.start(request);
    },
    reset: () => {
      reply.reset();
      setStartedAt(null);
    },
  };
}

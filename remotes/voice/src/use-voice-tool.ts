// What every voice page starts from: the tool's status on this server (GET /api/voice/status, loaded once so the page
// can say so before the member types or uploads; a failed load says nothing, the run itself will answer), its run, and
// the key that reloads the recent results when a run ends (or a run that outlived the page is found still working),
// and the clip `?open=` names. The run is POSTed with Accept: text/event-stream (useStreamedReply): the job's progress
// events, the stored clip from `done` (the header balance follows its remainingCredits), or the spec's text from an
// error event or a refusal; plus the seconds since the run started, for the 30-120 s waits.
import { useEffect, useState } from 'react';
import {
  VOICE_TOOL_ENDPOINTS,
  type AudioClip,
  type VoiceStreamEvent,
  type VoiceToolEndpoint,
  type VoiceToolId,
  type VoiceToolStatus,
} from '@act/contracts';
import { useRunAnnouncer, useStreamedReply, type CallRequest, type ToolHost } from '@act/host-sdk';
import { getVoiceStatus } from './api/voice-api';
import { useOpenedClip, type OpenedClip } from './use-opened-clip';

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
  /** Runs the tool with this request (the body of the page's tool's endpoint). */
  start(request: CallRequest<VoiceToolEndpoint>): void;
  reset(): void;
}

export interface VoiceTool {
  tool: VoiceToolId;
  /** Undefined while loading or when it could not be read. */
  status: VoiceToolStatus | undefined;
  job: VoiceJobView;
  /** False only when the server says it cannot run the tool (no provider key). */
  available: boolean;
  busy: boolean;
  recentKey: string | null;
  /** The stored clip the library's `?open=<id>` names, shown in the result area until the next run. */
  opened: OpenedClip;
}

export function useVoiceTool(host: ToolHost, tool: VoiceToolId): VoiceTool {
  const [status, setStatus] = useState<VoiceToolStatus | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getVoiceStatus(host.api, controller.signal).then(
      (tools) => {
        if (!controller.signal.aborted) setStatus(tools[tool]);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [host.api, tool]);
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, tool, { onDone: (clip: AudioClip) => setLastClip(clip.id) });
  const opened = useOpenedClip(host, tool);
  return {
    tool,
    status,
    job,
    available: status?.available !== false,
    busy: job.running,
    recentKey: job.detachedJobId ?? lastClip,
    opened,
  };
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

/** One run of the tool as the page sees it. */
export function useVoiceJob(
  host: Pick<ToolHost, 'api' | 'onCreditsChange'>,
  tool: VoiceToolId,
  options: { onDone?(clip: AudioClip): void },
): VoiceJobView {
  const endpoint: VoiceToolEndpoint = VOICE_TOOL_ENDPOINTS[tool];
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

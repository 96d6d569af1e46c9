// What every voice page starts from: the tool's status on this server, its streamed job, and the key that reloads the
// recent results when a run ends (or a run that outlived the page is found still working).
import { useState } from 'react';
import type { AudioClip, VoiceToolId, VoiceToolStatus } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { useVoiceJob, type VoiceJobView } from './use-voice-job';
import { useVoiceStatus } from './use-voice-status';

export interface VoiceTool {
  tool: VoiceToolId;
  /** Undefined while loading or when it could not be read. */
  status: VoiceToolStatus | undefined;
  job: VoiceJobView;
  /** False only when the server says it cannot run the tool (no provider key). */
  available: boolean;
  busy: boolean;
  recentKey: string | null;
}

export function useVoiceTool(host: ToolHost, tool: VoiceToolId): VoiceTool {
  const status = useVoiceStatus(host.api, tool);
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, tool, { onDone: (clip: AudioClip) => setLastClip(clip.id) });
  return {
    tool,
    status,
    job,
    available: status?.available !== false,
    busy: job.running,
    recentKey: job.detachedJobId ?? lastClip,
  };
}

// Which voice tools this server can run (GET /api/voice/status), loaded once per screen so it can say so before the
// member types or uploads. A failed load says nothing: the run itself will answer.
import { useEffect, useState } from 'react';
import type { VoiceToolId, VoiceToolStatus } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import { getVoiceStatus } from './api/voice-api';

/** The tool's status once loaded; undefined while loading or when the status could not be read. */
export function useVoiceStatus(api: ApiClient, tool: VoiceToolId): VoiceToolStatus | undefined {
  const [status, setStatus] = useState<VoiceToolStatus | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getVoiceStatus(api, controller.signal).then(
      (tools) => {
        if (!controller.signal.aborted) setStatus(tools[tool]);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, tool]);
  return status;
}

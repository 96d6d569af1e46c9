// `/tools/<voice tool>?open=<id>` (docs/product-rules.md#library-open): the library's way back to a stored clip. The
// page asks the voice service for the member's own clip (another member's id, or one deleted, is a 404) and shows it
// in its result area until the member runs the tool again; a clip of another voice tool is not this page's.
import { useEffect, useState } from 'react';
import { LIBRARY_TEXTS, OPEN_PARAM, VOICE_ENDPOINTS, type AudioClip, type VoiceToolId } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';

export interface OpenedClip {
  clip: AudioClip | null;
  /** The clip named by `?open=` could not be shown (missing, another member's, another tool's). */
  error: string | null;
}

/** The clip `?open=` names, or null. */
export function clipInAddress(search: string = window.location.search): string | null {
  const id = new URLSearchParams(search).get(OPEN_PARAM);
  return id && id.length <= 64 ? id : null;
}

export function useOpenedClip(host: Pick<ToolHost, 'api' | 'user'>, tool: VoiceToolId): OpenedClip {
  const [id] = useState(clipInAddress);
  const [opened, setOpened] = useState<OpenedClip>({ clip: null, error: null });
  const member = host.user !== null;

  useEffect(() => {
    if (!id || !member) return;
    const controller = new AbortController();
    host.api.call(VOICE_ENDPOINTS.clip, { params: { id }, signal: controller.signal }).then(
      ({ clip }) => {
        if (controller.signal.aborted) return;
        setOpened(
          clip.tool === tool ? { clip, error: null } : { clip: null, error: LIBRARY_TEXTS.openMissing },
        );
      },
      () => {
        if (!controller.signal.aborted) setOpened({ clip: null, error: LIBRARY_TEXTS.openMissing });
      },
    );
    return () => controller.abort();
  }, [host.api, id, member, tool]);

  return opened;
}

// An effect's (or Upscale's, Edit a region's) `?open=<id>` (docs/product-rules.md#library-open): the member's stored result of this effect, shown by
// the screen as a run's result (before/after, Download, Send to) until the member picks another photo. Another
// member's id, one deleted or another tool's result shows LIBRARY_TEXTS.openMissing and nothing.
import { useCallback, useState } from 'react';
import type { GeneratedImageToolId, PhotoEffectReply } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { useOpenedResult } from '../hooks/use-opened-result';
import { fetchEffectResult } from './effects-api';

export interface OpenedEffect {
  result: PhotoEffectReply | null;
  error: string | null;
  /** The member moved on (another photo, or none): the opened result is no longer shown. */
  close(): void;
}

export function useOpenedEffect(host: ToolHost, effect: GeneratedImageToolId): OpenedEffect {
  const [result, setResult] = useState<PhotoEffectReply | null>(null);
  const error = useOpenedResult(
    host,
    (id, signal) => fetchEffectResult(host.api, id, signal),
    ({ tool, reply }) => tool === effect && (setResult(reply), true),
  );
  const close = useCallback(() => setResult(null), []);
  return { result, error, close };
}

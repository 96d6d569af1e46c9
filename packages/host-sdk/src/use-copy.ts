// Copy to clipboard with the spec's 'Copied!' indicator for 2 seconds and 'Failed to copy to clipboard' on failure.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';

/** Writes text to the clipboard; falls back to a hidden textarea where the async API is missing or refused. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or insecure context: try the legacy path below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error(ERROR_TEXTS.ui.copyToClipboard);
}

export interface UseCopyResult {
  /** True for 2 s after a successful copy: show 'Copied!'. */
  copied: boolean;
  /** 'Failed to copy to clipboard' after a failure, else null. */
  error: string | null;
  copy(text: string): Promise<boolean>;
}

export function useCopy(resetMs: number = LIMITS.copiedMs): UseCopyResult {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      try {
        await copyText(text);
        setError(null);
        setCopied(true);
        timer.current = setTimeout(() => setCopied(false), resetMs);
        return true;
      } catch {
        setCopied(false);
        setError(ERROR_TEXTS.ui.copyToClipboard);
        return false;
      }
    },
    [resetMs],
  );

  return { copied, error, copy };
}

// A prompt tool page's recent results (docs/product-rules.md#prompt-results): the member's newest of this tool,
// loaded on arrival and after each run; the one `?open=<id>` names, loaded once; delete. Guests have none.
import { useCallback, useEffect, useState } from 'react';
import {
  OPEN_PARAM,
  PROMPT_RESULTS_TEXTS as T,
  type PromptResult,
  type PromptResultTool,
} from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { deleteResult, getResult, listRecentResults } from '../api/prompt-results-api';

/** The result the address names (`/tools/<tool>?open=<id>`), or null. */
export function resultInAddress(): string | null {
  const id = new URLSearchParams(window.location.search).get(OPEN_PARAM);
  return id && id.length <= 64 ? id : null;
}

export interface RecentResults {
  tool: PromptResultTool;
  results: PromptResult[];
  /** The stored result shown in the page's result area (opened from the list or the address). */
  opened: PromptResult | null;
  error: string | null;
  refresh(): void;
  open(result: PromptResult): void;
  remove(result: PromptResult): Promise<void>;
}

export function useRecentResults(host: ToolHost, tool: PromptResultTool): RecentResults {
  const member = host.user !== null;
  const [results, setResults] = useState<PromptResult[]>([]);
  const [opened, setOpened] = useState<PromptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!member) return;
    let live = true;
    listRecentResults(host.api, tool)
      .then((list) => live && (setResults(list), setError(null)))
      .catch(() => live && setError(T.loadFailed));
    return () => {
      live = false;
    };
  }, [host.api, member, tool, version]);

  useEffect(() => {
    const id = resultInAddress();
    if (!member || !id) return;
    let live = true;
    getResult(host.api, id)
      .then((result) => live && result.tool === tool && setOpened(result))
      .catch(() => live && setError(T.openFailed));
    return () => {
      live = false;
    };
  }, [host.api, member, tool]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const remove = useCallback(
    async (result: PromptResult) => {
      try {
        await deleteResult(host.api, result.id);
        setResults((list) => list.filter((r) => r.id !== result.id));
        setOpened((shown) => (shown?.id === result.id ? null : shown));
        setError(null);
      } catch {
        setError(T.deleteFailed);
      }
    },
    [host.api],
  );
  return { tool, results, opened, error, refresh, open: setOpened, remove };
}

// The summarizer's past summaries (docs/product-rules.md#youtube-past-summaries): the member's list (newest first,
// more on request, reloaded after each summary), the one reopened (from the list or `?open=<id>`) with its chapters
// and questions, and delete. Guests have none.
import { useCallback, useEffect, useState } from 'react';
import { PAST_SUMMARIES_TEXTS as T, type PastSummary, type VideoSession } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { deletePastSummary, getPastSummary, listPastSummaries } from '../api/youtube-api';

/** The summary the address names (`/tools/youtube-summarizer?open=<id>`), or null. */
export function summaryInAddress(): string | null {
  const id = new URLSearchParams(window.location.search).get('open');
  return id && id.length <= 64 ? id : null;
}

export interface PastSummaries {
  summaries: PastSummary[];
  nextCursor: string | null;
  opened: VideoSession | null;
  error: string | null;
  refresh(): void;
  loadMore(): void;
  reopen(id: string): void;
  close(): void;
  remove(summary: PastSummary): Promise<void>;
}

export function usePastSummaries(host: ToolHost): PastSummaries {
  const member = host.user !== null;
  const { api } = host;
  const [summaries, setSummaries] = useState<PastSummary[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [opened, setOpened] = useState<VideoSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!member) return;
    let live = true;
    listPastSummaries(api)
      .then((page) => {
        if (!live) return;
        setSummaries(page.summaries);
        setNextCursor(page.nextCursor ?? null);
      })
      .catch(() => live && setError(T.loadFailed));
    return () => {
      live = false;
    };
  }, [api, member, version]);

  const reopen = useCallback(
    (id: string) => {
      getPastSummary(api, id)
        .then((session) => (setOpened(session), setError(null)))
        .catch(() => setError(T.reopenFailed));
    },
    [api],
  );

  useEffect(() => {
    const id = summaryInAddress();
    if (member && id) reopen(id);
  }, [member, reopen]);

  const loadMore = () => {
    if (!nextCursor) return;
    listPastSummaries(api, nextCursor)
      .then((page) => {
        setSummaries((list) => [...list, ...page.summaries]);
        setNextCursor(page.nextCursor ?? null);
      })
      .catch(() => setError(T.loadFailed));
  };

  const remove = async (summary: PastSummary) => {
    try {
      await deletePastSummary(api, summary.id);
      setSummaries((list) => list.filter((s) => s.id !== summary.id));
      setOpened((shown) => (shown?.id === summary.id ? null : shown));
      setError(null);
    } catch {
      setError(T.deleteFailed);
    }
  };

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return {
    summaries,
    nextCursor,
    opened,
    error,
    refresh,
    loadMore,
    reopen,
    close: () => setOpened(null),
    remove,
  };
}

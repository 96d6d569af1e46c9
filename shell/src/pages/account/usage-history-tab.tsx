// Usage History tab (spec §2): the member's charges with sort, search and tool filter; loading, empty and error states.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { History } from 'lucide-react';
import { Alert, Button, Select, Spinner, TextField, errorMessage } from '@act/host-sdk';
import {
  API_ROUTES,
  ERROR_TEXTS,
  UI_TEXTS,
  UsageHistoryReplySchema,
  titleCaseToolName,
  type UsageHistoryEntry,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../components/format';
import {
  ALL_TOOLS,
  USAGE_SORT_OPTIONS,
  filterAndSortUsage,
  usageCreditsLabel,
  usageToolOptions,
  type UsageSort,
} from './usage-history';

const U = UI_TEXTS.account.usage;

export function UsageHistoryTab() {
  const { api } = useServices();
  const [entries, setEntries] = useState<UsageHistoryEntry[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'loading-more'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [sort, setSort] = useState<UsageSort>('newest');
  const [search, setSearch] = useState('');
  const [tool, setTool] = useState<string>(ALL_TOOLS);

  const loadPage = useCallback(
    async (cursor: string | null) => {
      const query = new URLSearchParams();
      if (cursor) query.set('cursor', cursor);
      const path = query.size
        ? `${API_ROUTES.credits.history}?${query.toString()}`
        : API_ROUTES.credits.history;
      return api.get(path, {
        schema: UsageHistoryReplySchema,
        fallbackError: ERROR_TEXTS.usage.loadUsageHistory,
      });
    },
    [api],
  );

  useEffect(() => {
    let cancelled = false;
    loadPage(null).then(
      (reply) => {
        if (cancelled) return;
        setEntries(reply.history);
        setNextCursor(reply.next_cursor ?? null);
        setStatus('ready');
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(errorMessage(err, ERROR_TEXTS.usage.loadUsageHistory));
        setStatus('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadPage]);

  async function loadMore() {
    if (!nextCursor) return;
    setStatus('loading-more');
    try {
      const reply = await loadPage(nextCursor);
      setEntries((current) => [...current, ...reply.history]);
      setNextCursor(reply.next_cursor ?? null);
      setStatus('ready');
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.usage.loadUsageHistory));
      setStatus('ready');
    }
  }

  const visible = useMemo(
    () => filterAndSortUsage(entries, { sort, search, tool }),
    [entries, sort, search, tool],
  );
  const toolOptions = useMemo(() => usageToolOptions(entries), [entries]);

  if (status === 'loading') {
    return (
      <div className="sh-centered">
        <Spinner size={28} showLabel />
      </div>
    );
  }
  if (status === 'error' && entries.length === 0) {
    return <Alert variant="error">{error ?? ERROR_TEXTS.usage.loadUsageHistory}</Alert>;
  }
  if (entries.length === 0) {
    return (
      <div className="sh-empty">
        <History size={28} aria-hidden />
        <p>{U.empty}</p>
      </div>
    );
  }

  return (
    <div className="sh-usage">
      <div className="sh-usage__controls">
        <TextField
          label="Search"
          type="search"
          placeholder={U.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sh-usage__search"
        />
        <Select label="Tool" value={tool} onValueChange={setTool} options={toolOptions} />
        <Select<UsageSort>
          label="Sort by"
          value={sort}
          onValueChange={setSort}
          options={USAGE_SORT_OPTIONS}
        />
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {visible.length === 0 ? (
        <p className="sh-usage__no-match">No entries match your search.</p>
      ) : (
        <table className="sh-usage__table">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Credits</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((entry) => (
              <tr key={entry.id} data-testid="usage-row">
                <td className="sh-usage__tool">{titleCaseToolName(entry.tool_name)}</td>
                <td>
                  <span className="sh-usage__credits" data-free={entry.used_credits === 0 || undefined}>
                    {usageCreditsLabel(entry.used_credits)}
                  </span>
                </td>
                <td className="sh-usage__date">{formatDateTime(entry.timestamp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor && (
        <div className="sh-usage__more">
          <Button variant="outline" busy={status === 'loading-more'} onClick={() => void loadMore()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

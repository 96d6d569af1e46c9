// Usage History tab (docs/product-rules.md#screens): the member's charges with sort, search and tool filter; loading,
// empty and error states; below them, once they have loaded, the ledger view (docs/product-rules.md#ledger).
import { useCallback, useMemo, useState } from 'react';
import { History } from 'lucide-react';
import { Alert, Button, Select, Spinner, TextField, useCursorList } from '@act/host-sdk';
import {
  CREDITS_ENDPOINTS,
  ERROR_TEXTS,
  UI_TEXTS,
  titleCaseToolName,
  type UsageHistoryEntry,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../components/format';
import { LedgerView } from './ledger-view';
import {
  ALL_TOOLS,
  USAGE_SORT_OPTIONS,
  filterAndSortUsage,
  usageCreditsLabel,
  usageToolOptions,
  type UsageSort,
} from './usage-history';
import './usage-history-tab.css';

const U = UI_TEXTS.account.usage;

export function UsageHistoryTab() {
  const { api } = useServices();
  const [sort, setSort] = useState<UsageSort>('newest');
  const [search, setSearch] = useState('');
  const [tool, setTool] = useState<string>(ALL_TOOLS);

  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const reply = await api.call(CREDITS_ENDPOINTS.history, {
        query: { cursor: cursor ?? undefined },
        fallbackError: ERROR_TEXTS.usage.loadUsageHistory,
        signal,
      });
      return { items: reply.history, nextCursor: reply.nextCursor ?? null };
    },
    [api],
  );
  const history = useCursorList<UsageHistoryEntry>(fetchPage, {
    fallbackError: ERROR_TEXTS.usage.loadUsageHistory,
  });
  const entries = history.items;
  const error = history.error;

  const visible = useMemo(
    () => filterAndSortUsage(entries, { sort, search, tool }),
    [entries, sort, search, tool],
  );
  const toolOptions = useMemo(() => usageToolOptions(entries), [entries]);

  if (history.loading) {
    return (
      <div className="sh-centered">
        <Spinner size={28} showLabel />
      </div>
    );
  }
  if (error && entries.length === 0) {
    return (
      <>
        <Alert variant="error">{error}</Alert>
        <LedgerView />
      </>
    );
  }
  if (entries.length === 0) {
    return (
      <>
        <div className="sh-empty">
          <History size={28} aria-hidden />
          <p>{U.empty}</p>
        </div>
        <LedgerView />
      </>
    );
  }

  return (
    <div className="sh-usage">
      <div className="sh-usage__controls">
        <TextField
          label={U.searchLabel}
          type="search"
          placeholder={U.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sh-usage__search"
        />
        <Select label={U.toolLabel} value={tool} onValueChange={setTool} options={toolOptions} />
        <Select<UsageSort>
          label={U.sortLabel}
          value={sort}
          onValueChange={setSort}
          options={USAGE_SORT_OPTIONS}
        />
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {visible.length === 0 ? (
        <p className="sh-usage__no-match">{U.noMatch}</p>
      ) : (
        <table className="sh-usage__table">
          <thead>
            <tr>
              <th scope="col">{U.columns.tool}</th>
              <th scope="col">{U.columns.credits}</th>
              <th scope="col">{U.columns.date}</th>
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
      {history.hasMore && (
        <div className="sh-usage__more">
          <Button variant="outline" busy={history.loadingMore} onClick={() => void history.loadMore()}>
            Load more
          </Button>
        </div>
      )}
      <LedgerView />
    </div>
  );
}

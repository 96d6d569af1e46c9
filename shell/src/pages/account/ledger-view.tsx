// The ledger view of the Usage History tab (docs/product-rules.md#ledger): every movement of the balance (uses,
// refunds, plan credits, resets, packs, support grants) with the balance after it, filtered by tool and period; the
// credits spent per day and tool as a chart (Recharts, loaded on demand); CSV export; a receipt link on purchases.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Select,
  Spinner,
  apiErrorFromReply,
  downloadNames,
  saveBlob,
  useCursorList,
} from '@act/host-sdk';
import {
  CREDIT_PACK_ENDPOINTS,
  CREDIT_PACK_TEXTS,
  TOOLS,
  UI_TEXTS,
  type LedgerDay,
  type LedgerEntry,
  formatNumber,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../components/format';
import { LEDGER_PERIOD_OPTIONS, ledgerLabel, ledgerQuery, signedCredits, type LedgerPeriod } from './ledger';
import './ledger-view.css';
import { ScrollRegion } from '../../components/scroll-region';

const L = CREDIT_PACK_TEXTS.ledger;
const E = CREDIT_PACK_TEXTS.errors;
const LedgerChart = lazy(() => import('./ledger-chart').then((m) => ({ default: m.LedgerChart })));

const TOOL_OPTIONS = [
  { value: 'all', label: UI_TEXTS.account.usage.allTools },
  ...TOOLS.filter((tool) => tool.cost > 0)
    .map((tool) => ({ value: tool.id as string, label: tool.name }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

export function LedgerView() {
  const { api } = useServices();
  const [period, setPeriod] = useState<LedgerPeriod>('30d');
  const [tool, setTool] = useState('all');
  const [days, setDays] = useState<LedgerDay[]>([]);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // Fixed when the filters change, so every page of one listing asks for the same period.
  const query = useMemo(() => ledgerQuery(period, tool), [period, tool]);

  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const reply = await api.call(CREDIT_PACK_ENDPOINTS.ledger, {
        query: { ...query, ...(cursor ? { cursor } : {}) },
        fallbackError: E.loadLedger,
        signal,
      });
      if (cursor === null) setDays(reply.days);
      return { items: reply.entries, nextCursor: reply.nextCursor ?? null };
    },
    [api, query],
  );
  const ledger = useCursorList<LedgerEntry>(fetchPage, { fallbackError: E.loadLedger });

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      const response = await api.fetchRaw(CREDIT_PACK_ENDPOINTS.ledger, {
        query: { ...query, format: 'csv' },
        accept: 'text/csv',
        fallbackError: E.exportFailed,
      });
      if (!response.ok) {
        throw apiErrorFromReply(response.status, await response.json().catch(() => null), E.exportFailed);
      }
      saveBlob(await response.blob(), downloadNames.creditHistory());
    } catch (error) {
      setExportError(error instanceof Error && error.message ? error.message : E.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="sh-ledger" aria-labelledby="ledger-title">
      <div className="sh-ledger__head">
        <h2 id="ledger-title" className="sh-ledger__title">
          {L.title}
        </h2>
        <Button variant="outline" size="sm" busy={exporting} onClick={() => void exportCsv()}>
          {L.exportCsv}
        </Button>
      </div>
      <div className="sh-ledger__controls">
        <Select<LedgerPeriod>
          label={L.period}
          value={period}
          onValueChange={setPeriod}
          options={LEDGER_PERIOD_OPTIONS}
        />
        <Select
          label={UI_TEXTS.account.usage.toolLabel}
          value={tool}
          onValueChange={setTool}
          options={TOOL_OPTIONS}
        />
      </div>
      {exportError && <Alert variant="error">{exportError}</Alert>}
      {ledger.loading ? (
        <div className="sh-centered">
          <Spinner size={24} showLabel />
        </div>
      ) : ledger.error && ledger.items.length === 0 ? (
        <Alert variant="error">{ledger.error}</Alert>
      ) : (
        <>
          {days.length > 0 && (
            <figure className="sh-ledger__chart" aria-label={L.chartTitle}>
              <figcaption className="sh-ledger__caption">{L.chartTitle}</figcaption>
              <Suspense fallback={<Spinner size={20} />}>
                <LedgerChart days={days} />
              </Suspense>
            </figure>
          )}
          {ledger.items.length === 0 ? (
            <p className="sh-ledger__empty">{L.empty}</p>
          ) : (
            <ScrollRegion className="sh-ledger__scroll" label={L.title}>
              <table className="sh-usage__table sh-ledger__table">
                <thead>
                  <tr>
                    <th scope="col">{L.columns.date}</th>
                    <th scope="col">{L.columns.movement}</th>
                    <th scope="col">{L.columns.credits}</th>
                    <th scope="col">{L.columns.balance}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.items.map((entry) => (
                    <tr key={entry.id} data-testid="ledger-row">
                      <td className="sh-usage__date">{formatDateTime(entry.at)}</td>
                      <td>
                        {ledgerLabel(entry)}
                        {entry.purchaseId && (
                          <>
                            {' '}
                            <Link
                              className="sh-ledger__receipt"
                              to={`/dashboard?view=account&tab=usage&receipt=${entry.purchaseId}`}
                            >
                              {L.receipt}
                            </Link>
                          </>
                        )}
                      </td>
                      <td className="sh-ledger__delta" data-positive={entry.delta > 0 || undefined}>
                        {signedCredits(entry.delta)}
                      </td>
                      <td>{formatNumber(entry.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {ledger.error && <Alert variant="error">{ledger.error}</Alert>}
          {ledger.hasMore && (
            <div className="sh-usage__more">
              <Button variant="outline" busy={ledger.loadingMore} onClick={() => void ledger.loadMore()}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

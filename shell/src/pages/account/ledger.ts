// Ledger view rules (docs/product-rules.md#ledger): the period filter as a time range, how a movement reads, and the
// chart's rows (one per day, a column per tool) from the server's per-day totals.
import {
  API_KEY_TEXTS,
  CREDIT_PACK_TEXTS,
  titleCaseToolName,
  type LedgerDay,
  type LedgerEntry,
  type LedgerQuery,
  formatNumber,
} from '@act/contracts';

export const LEDGER_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type LedgerPeriod = (typeof LEDGER_PERIODS)[number];

const PERIOD_DAYS: Record<Exclude<LedgerPeriod, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const LEDGER_PERIOD_OPTIONS = LEDGER_PERIODS.map((period) => ({
  value: period,
  label: CREDIT_PACK_TEXTS.ledger.periods[period],
}));

/** The query of a period and tool filter (`all`: no tool); `now` fixes the period's start. */
export function ledgerQuery(period: LedgerPeriod, tool: string, now: Date = new Date()): LedgerQuery {
  const from =
    period === 'all' ? undefined : new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000).toISOString();
  return {
    ...(from ? { from } : {}),
    ...(tool === 'all' ? {} : { tool: tool as LedgerQuery['tool'] }),
  };
}

/** 'Tool use · Text To Image', 'Credit pack', … */
export function ledgerLabel(entry: LedgerEntry): string {
  const kind = CREDIT_PACK_TEXTS.ledger.kinds[entry.kind];
  const label = entry.tool ? `${kind} · ${titleCaseToolName(entry.tool)}` : kind;
  // A use made with a personal API key names it (docs/product-rules.md#personal-api-keys).
  return entry.apiKey ? `${label} ${API_KEY_TEXTS.viaKey(entry.apiKey.name)}` : label;
}

/** '+100' or '−20'. */
export function signedCredits(delta: number): string {
  return delta > 0 ? `+${formatNumber(delta)}` : `−${formatNumber(Math.abs(delta))}`;
}

export interface ChartRows {
  /** The tools present, in order: one stacked series each. */
  tools: string[];
  /** One row per day: `{ day, <tool>: credits }`. */
  rows: Array<Record<string, string | number>>;
}

export function chartRows(days: readonly LedgerDay[]): ChartRows {
  const tools = [...new Set(days.map((day) => day.tool))].sort();
  const byDay = new Map<string, Record<string, string | number>>();
  for (const { day, tool, credits } of days) {
    const row = byDay.get(day) ?? { day };
    row[tool] = credits;
    byDay.set(day, row);
  }
  return { tools, rows: [...byDay.values()] };
}

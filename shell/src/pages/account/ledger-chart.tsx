// The credits-per-day chart of the ledger view: one stacked bar per day, a colour per tool. Recharts is loaded only
// when the chart is shown (React.lazy in ledger-view.tsx), so the account page's first download stays small.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { titleCaseToolName, type LedgerDay } from '@act/contracts';
import { chartRows } from './ledger';

// Series colours from the design tokens (no raw colours), cycled for more tools than colours.
const SERIES = [
  'var(--act-color-primary)',
  'var(--act-color-accent)',
  'var(--act-color-success)',
  'var(--act-color-warning)',
  'var(--act-color-info)',
  'var(--act-color-danger)',
];

export function LedgerChart({ days, width }: { days: readonly LedgerDay[]; width?: number }) {
  const { tools, rows } = chartRows(days);
  const chart = (
    <BarChart data={rows} width={width} height={width ? 240 : undefined}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" fontSize={12} />
      <YAxis allowDecimals={false} fontSize={12} width={40} />
      <Tooltip />
      <Legend formatter={(value: string) => titleCaseToolName(value)} />
      {tools.map((tool, i) => (
        <Bar
          key={tool}
          dataKey={tool}
          name={tool}
          stackId="credits"
          fill={SERIES[i % SERIES.length]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
  // A fixed width (tests, print) or the container's.
  return width ? (
    chart
  ) : (
    <ResponsiveContainer width="100%" height={240}>
      {chart}
    </ResponsiveContainer>
  );
}

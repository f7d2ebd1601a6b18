import type { HistoryPoint } from '@helo/finance/balance-history';
import { formatCompactCents } from '@helo/finance/format';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../lib/display-format.ts';
import styles from './balance-history-chart.module.css';

// The total is the dark, thick line; accounts take distinct colours, each at least 3:1 against white.
const COLORS = ['#2563eb', '#b45309', '#7c3aed', '#be123c', '#4d7c0f', '#0369a1', '#a21caf'];

const dayOf = (time: number) => formatDay(new Date(time).toISOString());

/**
 * The total and each account's balance by day. A picture for sighted users; the table beside it
 * carries the same figures for everyone (the chart is hidden from them).
 */
export function BalanceHistoryChart({ points, names }: { points: readonly HistoryPoint[]; names: readonly string[] }) {
  // A time axis: days apart by their real distance, not evenly, so a gap of months looks like one.
  const data = points.map((p) => ({
    time: Date.parse(`${p.date}T00:00:00Z`),
    total: p.totalCents,
    ...Object.fromEntries(p.accountsCents.map((c, i) => [`a${i}`, c])),
  }));
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={dayOf}
            minTickGap={32}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} labelFormatter={(t) => dayOf(Number(t))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            type="monotone"
            dataKey="total"
            name="Total"
            stroke="#0f766e"
            strokeWidth={3}
            isAnimationActive={false}
          />
          {names.map((name, i) => (
            <Line
              // biome-ignore lint/suspicious/noArrayIndexKey: two accounts may share a name; the line is the account's place.
              key={i}
              type="monotone"
              dataKey={`a${i}`}
              name={name}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

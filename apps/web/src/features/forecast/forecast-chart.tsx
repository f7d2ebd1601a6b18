import type { Forecast } from '@helo/contract/forecast';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCompactCents } from '@helo/finance/format';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay } from '../../lib/display-format.ts';
import styles from './forecast-page.module.css';

// The total is the dark, thick line; accounts take distinct colours, each at least 3:1 against white.
const COLORS = ['#2563eb', '#b45309', '#7c3aed', '#be123c', '#4d7c0f', '#0369a1', '#a21caf'];

/**
 * The total's balance by day (and each account's when asked). A picture for sighted users: the
 * sentence it is described by and the table under it carry the same figures for everyone.
 */
export function ForecastChart({
  forecast,
  each,
  describedBy,
}: {
  forecast: Forecast;
  each: boolean;
  describedBy: string;
}) {
  const data = forecast.days.map((d) => ({
    date: d.date,
    total: dollarsToCents(d.total),
    ...Object.fromEntries(forecast.accounts.map((a, i) => [`a${i}`, dollarsToCents(d.balances[a.id] ?? 0)])),
  }));
  return (
    <div className={styles.chartBox} role="img" aria-describedby={describedBy} aria-label="Forecast balance chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={32} tick={{ fontSize: 12, fill: '#4b5563' }} />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} labelFormatter={(d) => formatDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <ReferenceLine y={0} stroke="#b91c1c" strokeDasharray="4 4" />
          <Line
            type="monotone"
            dataKey="total"
            name="Total"
            stroke="#0f766e"
            strokeWidth={3}
            dot={false}
            isAnimationActive={false}
          />
          {each &&
            forecast.accounts.map((a, i) => (
              <Line
                key={a.id}
                type="monotone"
                dataKey={`a${i}`}
                name={a.name}
                stroke={COLORS[i % COLORS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

import { formatCompactCents } from '@helo/finance/format';
import type { PayoffPlan } from '@helo/finance/payoff-plan';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { planMonthLabel } from './loan-format.ts';
import styles from './payoff-chart.module.css';

// Distinct at a glance and each at least 3:1 against white, so the areas read without the legend.
const COLORS = ['#0f766e', '#2563eb', '#b45309', '#7c3aed', '#be123c', '#4d7c0f', '#0369a1', '#a21caf'];

/**
 * Balances over time, stacked per loan. The chart is a picture for sighted users; the schedule
 * table next to it carries the same figures for everyone else (the chart is hidden from them).
 */
export function PayoffChart({
  plan,
  names,
  startBalances,
  start,
}: {
  plan: PayoffPlan;
  names: readonly string[];
  startBalances: readonly number[];
  start: string;
}) {
  const data = [
    { label: planMonthLabel(start, 0), ...Object.fromEntries(names.map((_, i) => [`d${i}`, startBalances[i] ?? 0])) },
    ...plan.rows.map((r) => ({
      label: planMonthLabel(start, r.month),
      ...Object.fromEntries(names.map((_, i) => [`d${i}`, r.balanceCents[i] ?? 0])),
    })),
  ];
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" minTickGap={32} tick={{ fontSize: 12, fill: '#4b5563' }} />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {names.map((name, i) => (
            <Area
              key={name}
              type="monotone"
              dataKey={`d${i}`}
              name={name}
              stackId="balances"
              stroke={COLORS[i % COLORS.length]}
              fill={COLORS[i % COLORS.length]}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

import { dollarsToCents } from '@helo/finance/cents';
import { formatCompactCents } from '@helo/finance/format';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel } from './goal-format.ts';
import styles from './goal-projection-chart.module.css';

/**
 * The goal's projected balance month by month, with its target as a line. A picture for sighted
 * users; the table beside it carries the same figures for everyone (the chart is hidden from them).
 */
export function GoalProjectionChart({
  projection,
  targetAmount,
}: {
  projection: readonly { month: string; balance: number }[];
  targetAmount: number;
}) {
  const data = projection.map((p) => ({ label: monthLabel(p.month), cents: dollarsToCents(p.balance) }));
  const target = dollarsToCents(targetAmount);
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" minTickGap={32} tick={{ fontSize: 12, fill: '#4b5563' }} />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
            domain={[0, (max: number) => Math.max(max, target)]}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} />
          <ReferenceLine
            y={target}
            stroke="#b45309"
            strokeDasharray="6 4"
            label={{ value: 'Target', fill: '#92400e', fontSize: 12, position: 'insideTopLeft' }}
          />
          <Area
            type="monotone"
            dataKey="cents"
            name="Projected balance"
            stroke="#0f766e"
            fill="#0f766e"
            fillOpacity={0.3}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

import { formatCompactCents } from '@helo/finance/format';
import type { ProjectionRow } from '@helo/finance/retirement';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './projection-chart.module.css';

/**
 * The total by age, in future dollars and in today's money. A picture for sighted users; the
 * table beside it carries the same figures for everyone (the chart is hidden from them).
 */
export function ProjectionChart({ rows }: { rows: readonly ProjectionRow[] }) {
  const data = rows.map((r) => ({ age: r.age, nominal: r.nominalCents, real: r.realCents }));
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="age" minTickGap={24} tick={{ fontSize: 12, fill: '#4b5563' }} />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} labelFormatter={(age) => `Age ${age}`} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            type="monotone"
            dataKey="nominal"
            name="Projected"
            stroke="#0f766e"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="real"
            name="In today's money"
            stroke="#b45309"
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

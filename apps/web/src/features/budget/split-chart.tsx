import type { Budget } from '@helo/contract/budgets';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCompactCents } from '@helo/finance/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { GROUP_LABELS } from './budget-values.ts';
import styles from './split-chart.module.css';

/**
 * Planned against the 50/30/20 guideline, per group. A picture for sighted users; the table next to
 * it carries the same figures for everyone else (the chart is hidden from them).
 */
export function SplitChart({ summary }: { summary: Budget['summary'] }) {
  const data = (['needs', 'wants', 'savings'] as const).map((g) => ({
    label: GROUP_LABELS[g],
    planned: dollarsToCents(summary.by_group[g]),
    guideline: dollarsToCents(summary.guideline[g]),
  }));
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#4b5563' }} />
          <YAxis
            tickFormatter={(v: number) => formatCompactCents(v)}
            width={64}
            tick={{ fontSize: 12, fill: '#4b5563' }}
          />
          <Tooltip formatter={(v) => formatCompactCents(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="planned" name="You plan" fill="#0f766e" isAnimationActive={false} />
          <Bar dataKey="guideline" name="50/30/20 guideline" fill="#b45309" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

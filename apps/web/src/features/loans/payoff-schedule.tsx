import { formatCents } from '@helo/finance/format';
import type { PayoffPlan } from '@helo/finance/payoff-plan';
import { useState } from 'react';
import { planMonthLabel } from './loan-format.ts';
import styles from './payoff-schedule.module.css';

/**
 * The month-by-month schedule: the chart's figures as a table (its accessible alternative). Rows
 * are drawn only once it is opened: a 30-year plan has 360 of them.
 */
export function PayoffSchedule({ plan, names, start }: { plan: PayoffPlan; names: readonly string[]; start: Date }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.schedule} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Month-by-month schedule ({plan.rows.length} months)</summary>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
        <section className={styles.tableScroll} aria-label="Payoff schedule" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Payment</th>
                <th scope="col">Interest</th>
                <th scope="col">Remaining balance</th>
                {names.map((n) => (
                  <th key={n} scope="col">
                    {n} balance
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {plan.rows.map((r) => (
                <tr key={r.month}>
                  <th scope="row">{planMonthLabel(start, r.month)}</th>
                  <td>{formatCents(r.totalPaymentCents)}</td>
                  <td>{formatCents(r.totalInterestCents)}</td>
                  <td>{formatCents(r.totalBalanceCents)}</td>
                  {names.map((n, i) => (
                    <td key={n}>{formatCents(r.balanceCents[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </details>
  );
}

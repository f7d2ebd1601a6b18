import { formatCents } from '@helo/finance/format';
import type { PayoffPlan } from '@helo/finance/payoff-plan';
import { FiguresTable } from '../../components/ui/figures-table.tsx';
import { planMonthLabel } from './loan-format.ts';
import styles from './payoff-schedule.module.css';

/**
 * The month-by-month schedule: the chart's figures as a table, below the plan's row.
 */
export function PayoffSchedule({ plan, names, start }: { plan: PayoffPlan; names: readonly string[]; start: string }) {
  return (
    <FiguresTable
      className={styles.schedule}
      summary={`Month-by-month schedule (${plan.rows.length} months)`}
      label="Payoff schedule"
      columns={
        <>
          <th scope="col">Month</th>
          <th scope="col">Payment</th>
          <th scope="col">Interest</th>
          <th scope="col">Remaining balance</th>
          {names.map((n) => (
            <th key={n} scope="col">
              {n} balance
            </th>
          ))}
        </>
      }
      rows={() =>
        plan.rows.map((r) => (
          <tr key={r.month}>
            <th scope="row">{planMonthLabel(start, r.month)}</th>
            <td>{formatCents(r.totalPaymentCents)}</td>
            <td>{formatCents(r.totalInterestCents)}</td>
            <td>{formatCents(r.totalBalanceCents)}</td>
            {names.map((n, i) => (
              <td key={n}>{formatCents(r.balanceCents[i] ?? 0)}</td>
            ))}
          </tr>
        ))
      }
    />
  );
}

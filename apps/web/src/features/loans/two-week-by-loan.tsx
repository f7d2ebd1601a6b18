import type { UserDebt } from '@helo/contract/user-debts';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { type ScheduleOutcome, twoWeekComparison } from '@helo/finance/two-week';
import { useMemo } from 'react';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { loanNames } from './debt-types.ts';
import { formatMonths } from './loan-format.ts';
import styles from './two-week-by-loan.module.css';

const NEVER = 'Never';
const timeOf = (o: ScheduleOutcome) => (o.months === null ? NEVER : formatMonths(o.months));
const interestOf = (cents: number | null) => (cents === null ? NEVER : formatCents(cents));

/**
 * Issue 25: each loan at its own rate and payment, monthly and every two weeks, and the exact sums.
 * The combined figures above blend the loans into one; these are the ones the payoff plans' "minimum
 * payments only" agrees with.
 */
export function TwoWeekByLoan({ debts }: { debts: readonly UserDebt[] }) {
  const names = useMemo(() => loanNames(debts), [debts]);
  const { loans, total } = useMemo(
    () =>
      twoWeekComparison(
        debts.map((d) => ({
          id: d.id,
          balanceCents: dollarsToCents(d.outstanding_balance),
          annualRatePercent: d.interest_rate,
          minimumPaymentCents: dollarsToCents(d.monthly_payment_amount),
        })),
      ),
    [debts],
  );
  const saved = total.interestSavedCents;
  return (
    <section className={styles.byLoan} aria-labelledby="two-week-by-loan">
      <h3 id="two-week-by-loan">Loan by loan</h3>
      <p className={styles.about}>
        Each loan at its own rate and payment, as the payoff plans count it. The total is the exact sum.
      </p>
      <ScrollTable label="Every two weeks, loan by loan" tableClassName={styles.table}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">Monthly: paid off in</th>
            <th scope="col">Monthly: interest</th>
            <th scope="col">Two weeks: paid off in</th>
            <th scope="col">Two weeks: interest</th>
          </tr>
        </thead>
        <tbody>
          {loans.map((loan, i) => (
            <tr key={loan.id}>
              <th scope="row">{names[i]}</th>
              <td>{timeOf(loan.monthly)}</td>
              <td>{interestOf(loan.monthly.interestCents)}</td>
              <td>{timeOf(loan.twoWeekly)}</td>
              <td>{interestOf(loan.twoWeekly.interestCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All loans</th>
            <td>{total.monthlyMonths === null ? NEVER : formatMonths(total.monthlyMonths)}</td>
            <td>{interestOf(total.monthlyInterestCents)}</td>
            <td>{total.twoWeeklyMonths === null ? NEVER : formatMonths(total.twoWeeklyMonths)}</td>
            <td>{interestOf(total.twoWeeklyInterestCents)}</td>
          </tr>
        </tfoot>
      </ScrollTable>
      {saved !== null && saved > 0 && (
        <p className={styles.saving}>Loan by loan, paying every two weeks saves {formatCents(saved)} of interest.</p>
      )}
    </section>
  );
}

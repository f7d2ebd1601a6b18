import type { UserDebt } from '@helo/contract/user-debts';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { compareMonthlyBiweekly, type MonthlyBiweeklyComparison, type PayoffEstimate } from '@helo/finance/payoff';
import { balanceWeightedRate } from '@helo/finance/two-week';
import { useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { amountOf, isAmountText } from '../../components/ui/currency-rules.ts';
import { SettledAnnouncement } from '../../components/ui/settled-announcement.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { parseRate } from './debt-rows.ts';
import { averageRate, formatMonths } from './loan-format.ts';
import { PayoffWarning } from './payoff-warning.tsx';
import styles from './savings-comparison.module.css';
import { TwoWeekByLoan } from './two-week-by-loan.tsx';

export const TOO_LOW = 'Payment too low to pay off the loan.';

const sumCents = (values: number[]) => values.reduce((total, v) => total + dollarsToCents(v), 0);
const centsToInput = (cents: number) => (cents / 100).toFixed(2);

function Outcome({
  label,
  estimate,
  periodsPerMonth,
}: {
  label: string;
  estimate: PayoffEstimate;
  periodsPerMonth: number;
}) {
  return (
    <div className={styles.outcome}>
      <h3>{label}</h3>
      {Number.isFinite(estimate.periods) ? (
        <dl>
          <div>
            <dt>Paid off in</dt>
            <dd>{formatMonths(estimate.periods / periodsPerMonth)}</dd>
          </div>
          <div>
            <dt>Total interest</dt>
            <dd>{formatCents(estimate.totalInterestCents)}</dd>
          </div>
        </dl>
      ) : (
        <PayoffWarning>{TOO_LOW}</PayoffWarning>
      )}
    </div>
  );
}

// Whole months only: a saving is never rounded up into a promise.
function savingSentence(monthsSaved: number, interestSavedCents: number) {
  const months = Math.floor(monthsSaved);
  const sooner = months >= 1 ? `Debt-free about ${formatMonths(months)} sooner, with ` : 'About ';
  return `${sooner}${formatCents(interestSavedCents)} less interest.`;
}

const MONTHLY = 'Monthly payments';
const BIWEEKLY = 'Every two weeks';
const BIWEEKLY_PERIODS_PER_MONTH = 26 / 12;

function outcomeText(label: string, estimate: PayoffEstimate, periodsPerMonth: number) {
  if (!Number.isFinite(estimate.periods)) return `${label}: ${TOO_LOW}`;
  const months = formatMonths(estimate.periods / periodsPerMonth);
  return `${label}: paid off in ${months}, ${formatCents(estimate.totalInterestCents)} interest.`;
}

/** The panel's outcome in one line, as a screen reader hears it once the typing stops. */
export function comparisonSummary(comparison: MonthlyBiweeklyComparison | null): string {
  if (!comparison) return '';
  const parts = [
    outcomeText(MONTHLY, comparison.monthly, 1),
    outcomeText(BIWEEKLY, comparison.biweekly, BIWEEKLY_PERIODS_PER_MONTH),
  ];
  if (hasSaving(comparison)) parts.push(savingSentence(comparison.monthsSaved, comparison.interestSavedCents));
  return parts.join(' ');
}

const hasSaving = (c: MonthlyBiweeklyComparison) => Number.isFinite(c.monthsSaved) && c.interestSavedCents > 0;

/**
 * Spec "Savings comparison panel": monthly payments against half as much every two weeks, for all
 * the loans together (balances and payments summed, the rates averaged) or any figures typed in.
 * One summed loan at an average rate can not cost what the loans cost, so with several loans the
 * panel also shows them loan by loan (issue 25), and offers the balance-weighted rate.
 */
export function SavingsComparison({
  debts,
  earnedSoFar,
}: {
  debts: readonly UserDebt[];
  /** The interest the loan pay account has earned to date (dollars), when the Money Nest is on. */
  earnedSoFar?: number | undefined;
}) {
  const [balance, setBalance] = useState(() => centsToInput(sumCents(debts.map((d) => d.outstanding_balance))));
  const [payment, setPayment] = useState(() => centsToInput(sumCents(debts.map((d) => d.monthly_payment_amount))));
  const [rate, setRate] = useState(() => averageRate(debts.map((d) => d.interest_rate)));
  const plainRate = averageRate(debts.map((d) => d.interest_rate));
  const weightedRate = String(
    balanceWeightedRate(
      debts.map((d) => ({ balanceCents: dollarsToCents(d.outstanding_balance), annualRatePercent: d.interest_rate })),
    ),
  );

  const rateNumber = parseRate(rate);
  const rateError =
    rate.trim() === '' || !Number.isFinite(rateNumber) || rateNumber < 0 || rateNumber > 100
      ? 'Enter a rate from 0 to 100'
      : undefined;
  const comparison =
    rateError || !isAmountText(balance) || !isAmountText(payment)
      ? null
      : compareMonthlyBiweekly({
          balanceCents: dollarsToCents(amountOf(balance) ?? 0),
          annualRatePercent: rateNumber,
          monthlyPaymentCents: dollarsToCents(amountOf(payment) ?? 0),
        });

  return (
    <Panel title="Pay every two weeks">
      <MutedText>
        Paying half your monthly payment every two weeks makes 26 half payments a year, one month's payment more than 12
        monthly ones. See what that could do for your loans.
      </MutedText>
      <div className={styles.inputs}>
        <CurrencyInput label="Loan balance" value={balance} onChange={setBalance} />
        <CurrencyInput label="Monthly payment" value={payment} onChange={setPayment} />
        <TextField
          label="Interest rate (%)"
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(e) => setRate(e.target.value.replaceAll('%', ''))}
          error={rateError}
          hint={`The plain average of your loans' rates is ${plainRate} %.`}
        />
      </div>
      {weightedRate !== plainRate && (
        <p className={styles.rateNote}>
          Weighted by what you owe on each loan, the average is {weightedRate} %.{' '}
          <Button variant="ghost" size="sm" onClick={() => setRate(rate === weightedRate ? plainRate : weightedRate)}>
            {rate === weightedRate ? `Use the plain average (${plainRate} %)` : `Use ${weightedRate} %`}
          </Button>
        </p>
      )}
      {/* The outcomes change at every keystroke: not a live region, the summary is read out once typing stops. */}
      {comparison && (
        <div className={styles.outcomes}>
          <Outcome label={MONTHLY} estimate={comparison.monthly} periodsPerMonth={1} />
          <Outcome label={BIWEEKLY} estimate={comparison.biweekly} periodsPerMonth={BIWEEKLY_PERIODS_PER_MONTH} />
          {hasSaving(comparison) && (
            <p className={styles.saving}>{savingSentence(comparison.monthsSaved, comparison.interestSavedCents)}</p>
          )}
        </div>
      )}
      {earnedSoFar !== undefined && (
        <p className={styles.soFar}>
          <strong>So far:</strong> your loan pay account has earned {formatCents(dollarsToCents(earnedSoFar))} in
          interest while money waited for its due dates, beside the projection above.
        </p>
      )}
      <SettledAnnouncement message={comparisonSummary(comparison)} />
      {debts.length > 1 && <TwoWeekByLoan debts={debts} />}
      <MutedText small>Projected estimate, not financial advice.</MutedText>
    </Panel>
  );
}

import type { UserDebt } from '@helo/contract/user-debts';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { nextPaymentSplit } from '@helo/finance/payoff';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDay } from '../../lib/display-format.ts';
import { focusAfterClose } from '../../lib/focus-after-close.ts';
import styles from './debt-card.module.css';
import { DebtIcon } from './debt-icon.tsx';
import { debtCaption, debtIconKind, initialAmountLabel } from './debt-types.ts';
import { formatDollars } from './loan-format.ts';
import { LoanPaymentHistory } from './loan-payment-history.tsx';
import { PayoffWarning } from './payoff-warning.tsx';

// The payment form (react-hook-form, the currency input) loads on the first "Record a payment".
const RecordPaymentDialog = lazy(async () => ({
  default: (await import('./record-payment-dialog.tsx')).RecordPaymentDialog,
}));

/**
 * One loan: its type, next payment, the amounts, and how the next payment divides (spec §4); under
 * them (issue 27) "Record a payment" and the loan's payments.
 */
export function DebtCard({ debt, number, onEdit }: { debt: UserDebt; number: number; onEdit: () => void }) {
  const name = debtCaption(debt.debt.debt_name);
  const split = nextPaymentSplit({
    balanceCents: dollarsToCents(debt.outstanding_balance),
    annualRatePercent: debt.interest_rate,
    paymentCents: dollarsToCents(debt.monthly_payment_amount),
  });
  const [paying, setPaying] = useState(false);
  const [payWanted, setPayWanted] = useState(false);
  const recordId = `debt-${debt.id}-record-payment`;
  const titleId = `debt-${debt.id}-title`;
  const nicknameId = `debt-${debt.id}-nickname`;
  return (
    <article
      className={styles.card}
      aria-labelledby={debt.nickname ? `${titleId} ${nicknameId}` : titleId}
      data-testid="debt-card"
    >
      <header className={styles.header}>
        <span className={styles.icon}>
          <DebtIcon kind={debtIconKind(debt.debt.debt_name)} />
        </span>
        <div className={styles.names}>
          <h3 id={titleId} className={styles.title}>
            {name}
          </h3>
          {debt.nickname && (
            <p id={nicknameId} className={styles.nickname}>
              {debt.nickname}
            </p>
          )}
        </div>
        <Button
          id={`debt-${debt.id}-edit`}
          variant="ghost"
          className={styles.edit}
          onClick={onEdit}
          aria-label={`Edit ${name} (loan ${number})`}
        >
          Edit
        </Button>
      </header>
      <div className={styles.nextPayment}>
        <span>Next payment date</span>
        <strong>{formatDay(debt.due_date)}</strong>
      </div>
      <dl className={styles.figures}>
        <div className={styles.balance}>
          <dt>Remaining balance</dt>
          <dd>{formatDollars(debt.outstanding_balance)}</dd>
        </div>
        <div>
          <dt>Monthly payment</dt>
          <dd>{formatDollars(debt.monthly_payment_amount)}</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>{debt.interest_rate} %</dd>
        </div>
        <div>
          <dt>{initialAmountLabel(debt.debt.debt_name)}</dt>
          <dd>{formatDollars(debt.initial_loan_amount)}</dd>
        </div>
      </dl>
      <div className={styles.split}>
        <p className={styles.splitTitle}>Your next payment</p>
        {split.principalCents > 0 ? (
          <dl className={styles.figures}>
            <div>
              <dt>Interest</dt>
              <dd>{formatCents(split.interestCents)}</dd>
            </div>
            <div>
              <dt>Principal</dt>
              <dd>{formatCents(split.principalCents)}</dd>
            </div>
          </dl>
        ) : (
          <PayoffWarning>
            This month's interest is {formatCents(split.interestCents)}: the payment does not pay down the balance.
          </PayoffWarning>
        )}
      </div>
      <div className={styles.payments}>
        <Button
          id={recordId}
          variant="secondary"
          onClick={() => {
            setPayWanted(true);
            setPaying(true);
          }}
          aria-label={`Record a payment of ${name} (loan ${number})`}
        >
          Record a payment
        </Button>
        <LoanPaymentHistory loanId={debt.id} name={name} />
      </div>
      {payWanted && (
        <Suspense fallback={null}>
          <RecordPaymentDialog
            debt={paying ? debt : null}
            name={name}
            onClose={() => {
              setPaying(false);
              focusAfterClose(() => document.getElementById(recordId));
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

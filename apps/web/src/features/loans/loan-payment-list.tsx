import type { LoanPayment } from '@helo/contract/user-debts-payments';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { focusAfterClose } from '../../lib/focus-after-close.ts';
import styles from './loan-payment-history.module.css';
import { useLoanPayments, useUndoPayment } from './use-loan-payments.ts';

/** Where a payment's money came from, in the page's words. */
export function paidFrom(payment: LoanPayment): string {
  if (payment.account.kind === 'outside') return 'an account not in Helo';
  if (payment.account.kind === 'loan_payments') return 'the Money Nest’s Loan payments';
  return payment.account.closed ? `${payment.account.name} (deleted)` : payment.account.name;
}

/** The loan's payments, read when the disclosure first opens: newest first, each with an Undo that asks first. */
export function PaymentList({ loanId, name, toggleId }: { loanId: string; name: string; toggleId: string }) {
  const payments = useLoanPayments(loanId, true);
  if (payments.isPending) return <Spinner label="Loading the payments" />;
  if (payments.isError) return <p role="alert">{errorMessage(payments.error)}</p>;
  if (payments.data.length === 0) {
    return (
      <p className={styles.empty}>
        No payments yet. Record one when you pay; with the Money Nest on, its payments show here too.
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {payments.data.map((p) => (
        <PaymentRow key={p.id} payment={p} loanId={loanId} name={name} toggleId={toggleId} />
      ))}
    </ul>
  );
}

function PaymentRow({
  payment,
  loanId,
  name,
  toggleId,
}: {
  payment: LoanPayment;
  loanId: string;
  name: string;
  toggleId: string;
}) {
  const [asking, setAsking] = useState(false);
  const undo = useUndoPayment(loanId, payment.id);
  const undoId = `payment-${payment.id}-undo`;
  const from = paidFrom(payment);
  return (
    <li className={styles.row}>
      <div className={styles.main}>
        <span className={styles.date}>{formatDay(payment.date)}</span>
        <strong className={styles.amount}>{formatDollars(payment.amount)}</strong>
      </div>
      <p className={styles.split}>
        {formatDollars(payment.principal)} principal · {formatDollars(payment.interest)} interest
      </p>
      <p className={styles.from}>
        From {from}
        {payment.due_date ? ` · counts as the ${formatDay(payment.due_date)} payment` : ' · an extra payment'}
      </p>
      <Button
        id={undoId}
        variant="ghost"
        className={styles.undo}
        onClick={() => setAsking(true)}
        aria-label={`Undo the ${formatDollars(payment.amount)} payment of ${formatDay(payment.date)}`}
      >
        Undo
      </Button>
      <DeleteDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          focusAfterClose(() => document.getElementById(undoId));
        }}
        onDeleted={() => {
          setAsking(false);
          // The row goes with the payment: back to the list's toggle.
          focusAfterClose(() => document.getElementById(toggleId));
        }}
        title="Undo this payment?"
        description={`The ${formatDollars(payment.amount)} of ${formatDay(payment.date)} goes back to ${from}, and the ${name.toLowerCase()} owes ${formatDollars(payment.principal)} more again.`}
        confirmLabel="Undo payment"
        deletedText="Payment undone"
        remove={{ run: () => undo.mutateAsync(), pending: undo.isPending, reset: undo.reset }}
      />
    </li>
  );
}

import type { UserDebt } from '@helo/contract/user-debts';
import { lazy, Suspense } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { loanNames } from './debt-types.ts';
import styles from './loan-transactions.module.css';

// The list, its undo and its dialog load when the tab is first opened (as a card's "Payments" does).
const PaymentList = lazy(async () => ({ default: (await import('./loan-payment-list.tsx')).PaymentList }));

/**
 * My Loans' "Transactions" tab (issue 30): each loan's payments from the ledger, newest first: the
 * Money Nest's from the loan pay account on each due date and those the user recorded, each with its
 * split and an Undo.
 */
export function LoanTransactions({ debts }: { debts: readonly UserDebt[] }) {
  const names = loanNames(debts);
  return (
    <Panel title="Transactions">
      <MutedText>
        Every payment of your loans: those made from your loan pay account on their due dates, and those you recorded.
      </MutedText>
      {debts.map((d, i) => {
        const name = names[i] ?? 'Loan';
        const headingId = `transactions-${d.id}`;
        return (
          <section key={d.id} aria-labelledby={headingId} className={styles.loan}>
            {/* The list's Undo puts the focus back here once a payment is gone. */}
            <h3 id={headingId} tabIndex={-1} className={styles.name}>
              {name}
            </h3>
            <Suspense fallback={<Spinner label="Loading the payments" />}>
              <PaymentList loanId={d.id} name={name} toggleId={headingId} />
            </Suspense>
          </section>
        );
      })}
    </Panel>
  );
}

import type { WalletTransaction } from '@helo/contract/wallet';
import { useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './pair-dialogs.module.css';
import { signedDollars } from './transaction-values.ts';
import { PAIR_DAYS, usePairCandidates, usePairTransaction, useUnpairTransfer } from './use-wallet.ts';

/**
 * Asks before unpairing a transfer found in two of the user's accounts' rows (or paired by hand):
 * both transactions come back as they were, each spending or income again. A loan payment found in a
 * bank row: the row comes back and My Loans undoes the payment.
 */
export function UnpairDialog({
  transaction,
  title,
  open,
  onClose,
  onUnpaired,
}: {
  transaction: WalletTransaction;
  title: string;
  open: boolean;
  onClose: () => void;
  onUnpaired: () => void;
}) {
  const unpair = useUnpairTransfer(transaction.id);
  const loan = transaction.kind === 'loan_payment';
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onUnpaired}
      title={`Unpair “${title}”?`}
      description={
        loan
          ? `It was found in a bank row as a ${formatDollars(Math.abs(transaction.amount))} payment to your loan. Unpaired, the row comes back as the transaction it was, and My Loans takes the payment back: the loan owes it again.`
          : `It was found in two of your accounts' transactions: the ${formatDollars(Math.abs(transaction.amount))} out of one and into the other. Unpaired, both come back as the transactions they were, each counted as spending or income again.`
      }
      confirmLabel="Unpair"
      deletedText={loan ? 'Unpaired: My Loans took the payment back' : 'Unpaired: two transactions again'}
      remove={{ run: () => unpair.mutateAsync(), pending: unpair.isPending, reset: unpair.reset }}
    />
  );
}

/**
 * 'Pair with a transfer…' inside a transaction's transfer dialog: the other side of the move already in
 * another account (the opposite amount, at most a week away), paired with one click. `names` are the
 * user's accounts' names by id.
 */
export function PairCandidates({
  transaction,
  names,
  open,
  onPaired,
}: {
  transaction: WalletTransaction;
  names: ReadonlyMap<string, string>;
  open: boolean;
  onPaired: () => void;
}) {
  const candidates = usePairCandidates(transaction, open);
  const pair = usePairTransaction(transaction.id);
  const [error, setError] = useState<string | null>(null);
  const choose = async (other: WalletTransaction) => {
    setError(null);
    try {
      const result = await pair.mutateAsync({ other_id: other.id, version: transaction.version });
      toastSuccess(result.message, 'Paired as a transfer', TOAST_MS.long);
      onPaired();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className={styles.section} aria-labelledby={`pair-${transaction.id}`}>
      <h3 id={`pair-${transaction.id}`} className={styles.heading}>
        Pair with a transfer…
      </h3>
      {candidates.isError ? (
        <Notice tone="error">We could not look for the other side. Please try again.</Notice>
      ) : candidates.data === undefined ? (
        <Spinner label="Looking for the other side" />
      ) : candidates.data.length === 0 ? (
        <MutedText>
          No {signedDollars(-transaction.amount)} in your other accounts within {PAIR_DAYS} days of{' '}
          {formatDay(transaction.date)}.
        </MutedText>
      ) : (
        <ul className={styles.list}>
          {candidates.data.map((c) => {
            const where = names.get(c.account_id) ?? 'another account';
            return (
              <li key={c.id} className={styles.candidate}>
                <span>
                  <span className={styles.payee}>{c.payee}</span>
                  <span className={styles.meta}>
                    {formatDay(c.date)} · {where} · {signedDollars(c.amount)}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={pair.isPending && pair.variables?.other_id === c.id}
                  aria-label={`Pair with ${c.payee}, ${formatDay(c.date)}, ${where}`}
                  onClick={() => void choose(c)}
                >
                  Pair
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
    </section>
  );
}

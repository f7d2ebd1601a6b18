import type { WalletTransaction } from '@helo/contract/wallet';
import { useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/display-format.ts';
import { ACTION_TOAST_MS, showToast, toastError, toastSuccess } from '../../lib/toast.ts';
import styles from './duplicate-dialog.module.css';
import { signedDollars } from './transaction-values.ts';
import { useKeepBoth, useMergeTransaction, useUnmerge } from './use-wallet.ts';

/**
 * A transaction flagged as a possible duplicate, side by side with the one it may repeat: merge the
 * two into one (the flagged one is folded into the other; an Undo in the toast brings both back) or
 * keep both (the flag is not shown again). Refusals are said inside the dialog, where the focus is.
 */
export function DuplicateDialog({
  transaction,
  open,
  onClose,
  onDone,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
  /** The row is gone or no longer flagged: the focus goes elsewhere. */
  onDone: () => void;
}) {
  const other = transaction.possible_duplicate;
  const merge = useMergeTransaction(transaction.id);
  const keep = useKeepBoth(transaction.id);
  const unmerge = useUnmerge();
  const [error, setError] = useState<string | null>(null);
  if (!other) return null;

  const onMerge = async () => {
    setError(null);
    try {
      const merged = await merge.mutateAsync({ into: other.id });
      onDone();
      showToast('success', merged.message ?? 'Transactions merged', ACTION_TOAST_MS, {
        label: 'Undo',
        onClick: () => {
          unmerge.mutateAsync(transaction.id).then(
            (undone) => toastSuccess(undone.message, 'Merge undone'),
            (e: unknown) => toastError(e),
          );
        },
      });
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onKeep = async () => {
    setError(null);
    try {
      const kept = await keep.mutateAsync({ with: other.id });
      onDone();
      toastSuccess(kept.message, 'Both transactions kept');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setError(null);
          onClose();
        }
      }}
      title="Possible duplicate"
      description="These two have the same amount in the same account, a few days apart, with alike payees. Merge them if they are one purchase: the bank's date and id stay, and the category and note you typed."
    >
      <dl className={styles.pair}>
        <div>
          <dt>This transaction</dt>
          <dd>
            <span className={styles.payee}>{transaction.payee}</span>
            <span>
              {formatDay(transaction.date)} · {signedDollars(transaction.amount)} · {transaction.category}
            </span>
          </dd>
        </div>
        <div>
          <dt>May repeat</dt>
          <dd>
            <span className={styles.payee}>{other.payee}</span>
            <span>
              {formatDay(other.date)} · {signedDollars(other.amount)}
            </span>
          </dd>
        </div>
      </dl>
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      <DialogActions>
        <Button variant="secondary" loading={keep.isPending} disabled={merge.isPending} onClick={() => void onKeep()}>
          Keep both
        </Button>
        <Button loading={merge.isPending} disabled={keep.isPending} onClick={() => void onMerge()}>
          Merge
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}

import type { WalletTransaction } from '@helo/contract/wallet';
import { Button } from '../../components/ui/button.tsx';
import { formatDay } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { transactionUpdateBodyOf, transactionValuesOf } from './transaction-values.ts';
import { useUpdateTransaction } from './use-wallet.ts';

/**
 * 'Groceries?': the category an Uncategorized transaction's payee usually has in the user's history
 * (issue 29 item 2), accepted with one click or Enter: the ordinary save, from the version read.
 */
export function SuggestionChip({ transaction, category }: { transaction: WalletTransaction; category: string }) {
  const update = useUpdateTransaction(transaction.id);
  const accept = async () => {
    try {
      const body = transactionUpdateBodyOf({ ...transactionValuesOf(transaction), category }, transaction.version);
      const result = await update.mutateAsync(body);
      toastSuccess(result.message, `Filed under ${category}`, TOAST_MS.short);
    } catch (error) {
      showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
    }
  };
  return (
    <Button
      data-action="suggestion"
      variant="secondary"
      size="sm"
      loading={update.isPending}
      aria-label={`File ${transaction.payee}, ${formatDay(transaction.date)}, under ${category}`}
      onClick={() => void accept()}
    >
      {category}?
    </Button>
  );
}

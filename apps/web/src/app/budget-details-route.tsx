import { BudgetDetailsPage } from '../features/budget/budget-details-page.tsx';
import { SpentSource } from '../features/budget/index.ts';
import { useWalletSpent } from '../features/wallet/index.ts';

/**
 * My Budget's month with My Wallet's spending beside each category. Put together here, where the
 * features meet: the wallet files its transactions under the budget's categories, so the budget
 * page takes the wallet's figures from here rather than importing the wallet.
 */
export function BudgetDetailsRoute() {
  return (
    <SpentSource value={useWalletSpent}>
      <BudgetDetailsPage />
    </SpentSource>
  );
}

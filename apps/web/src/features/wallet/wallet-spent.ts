import { useNest } from '../nest/index.ts';
import { useWalletSummary } from './use-wallet.ts';

/**
 * What My Wallet spent in the month per category (lower-case name), once read; nothing while the
 * Nest, and with it the Wallet, is not active: then My Budget's table has no Spent column. The app
 * hands it to the budget page (app/budget-details-route.tsx).
 */
export function useWalletSpent(month: string): ReadonlyMap<string, number> | undefined {
  const active = useNest().data?.active === true;
  const summary = useWalletSummary(month, active);
  const data = active && summary.data?.month === month ? summary.data : undefined;
  return data && new Map(data.categories.map((c) => [c.name.toLowerCase(), c.spent]));
}

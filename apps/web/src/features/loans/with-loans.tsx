import type { Debt } from '@helo/contract/catalogues';
import type { UserDebt } from '@helo/contract/user-debts';
import type { ReactNode } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDebtCatalogue, useUserDebts } from './use-debts.ts';

/** Loads the debt types and the user's loans, showing the wait or the failure, then the page. */
export function WithLoans({ children }: { children: (catalogue: Debt[], debts: UserDebt[]) => ReactNode }) {
  const catalogue = useDebtCatalogue();
  const userDebts = useUserDebts();
  if (catalogue.isError || userDebts.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your loans. Please reload the page.
      </Notice>
    );
  }
  if (!catalogue.data || !userDebts.data) return <Spinner label="Loading your loans" />;
  return children(catalogue.data, userDebts.data);
}

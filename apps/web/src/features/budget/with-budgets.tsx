import type { Budget } from '@helo/contract/budgets';
import type { ReactNode } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useBudgets } from './use-budgets.ts';

/** Loads the user's budgets (newest month first), showing the wait or the failure, then the page. */
export function WithBudgets({ children }: { children: (budgets: Budget[]) => ReactNode }) {
  const budgets = useBudgets();
  if (budgets.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your budget. Please reload the page.
      </Notice>
    );
  }
  if (budgets.data === undefined) return <Spinner label="Loading your budget" />;
  return children(budgets.data);
}

import type { Investment } from '@helo/contract/investments';
import type { ReactNode } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useInvestment } from './use-investments.ts';

/** Loads the user's profile (null: none yet), showing the wait or the failure, then the page. */
export function WithInvestment({ children }: { children: (investment: Investment | null) => ReactNode }) {
  const investment = useInvestment();
  if (investment.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your investments. Please reload the page.
      </Notice>
    );
  }
  if (investment.data === undefined) return <Spinner label="Loading your investments" />;
  return children(investment.data);
}

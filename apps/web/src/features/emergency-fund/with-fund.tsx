import type { EmergencyFund } from '@helo/contract/emergency-fund';
import type { ReactNode } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEmergencyFund } from './use-emergency-fund.ts';

/** Loads the user's fund (null: none yet), showing the wait or the failure, then the page. */
export function WithFund({ children }: { children: (fund: EmergencyFund | null) => ReactNode }) {
  const fund = useEmergencyFund();
  if (fund.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your emergency fund. Please reload the page.
      </Notice>
    );
  }
  if (fund.data === undefined) return <Spinner label="Loading your emergency fund" />;
  return children(fund.data);
}

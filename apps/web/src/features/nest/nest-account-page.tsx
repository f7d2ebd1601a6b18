import type { Nest } from '@helo/contract/nest';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Buckets } from './buckets.tsx';
import { DepositForm } from './deposit-form.tsx';
import { LatestDeposits } from './latest-deposits.tsx';
import { LedgerHistory } from './ledger-history.tsx';
import { RulesEditor } from './rules-editor.tsx';
import { WithNest } from './with-nest.tsx';

/**
 * /dashboard/helo-money-pool (the menu's 'Nest Account'): income recorded by hand, split into the
 * buckets by the user's rules. Before activation, what it does and the Activate button.
 */
export function NestAccountPage() {
  return <WithNest title="Nest Account">{(nest) => <NestOverview nest={nest} />}</WithNest>;
}

function NestOverview({ nest }: { nest: Nest }) {
  return (
    <DashboardPage title="Nest Account">
      <Notice tone="info">
        No real money moves. You record your income here as it arrives, and the Nest splits it into buckets by your
        rules: a plan you keep in Helo, not a bank account.
      </Notice>
      <Buckets buckets={nest.buckets} />
      <DepositForm nest={nest} />
      <LatestDeposits deposits={nest.deposits} />
      <RulesEditor nest={nest} />
      <LedgerHistory />
    </DashboardPage>
  );
}

import type { Nest } from '@helo/contract/nest';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Buckets } from './buckets.tsx';
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
      <MutedText>
        No real money moves: you record your income here, and the Nest splits it into buckets by your rules.
      </MutedText>
      <Buckets buckets={nest.buckets} />
    </DashboardPage>
  );
}

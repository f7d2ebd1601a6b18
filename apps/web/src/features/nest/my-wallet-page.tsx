import type { Nest } from '@helo/contract/nest';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { BucketFigure } from './bucket-figure.tsx';
import { WithNest } from './with-nest.tsx';

/**
 * /dashboard/my-wallet (the menu's 'My Wallet'): the Wallet bucket's balance for now; transactions
 * and the bank file import come with the next part of issue 15.
 */
export function MyWalletPage() {
  return <WithNest title="My Wallet">{(nest) => <Wallet nest={nest} />}</WithNest>;
}

function Wallet({ nest }: { nest: Nest }) {
  const balance = nest.buckets.find((b) => b.bucket === 'wallet')?.balance ?? 0;
  return (
    <DashboardPage title="My Wallet">
      <BucketFigure label="Wallet balance" value={formatDollars(balance)} />
      <MutedText>
        Your spending money: what the Money Nest leaves after your rules. Recording your spending and importing a bank
        file come next.
      </MutedText>
      <MutedText small>No real money moves: this is a record you keep in Helo.</MutedText>
    </DashboardPage>
  );
}

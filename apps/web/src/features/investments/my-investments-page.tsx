import type { Investment } from '@helo/contract/investments';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { AccountCard } from './account-card.tsx';
import { BalanceHistory } from './balance-history.tsx';
import styles from './my-investments-page.module.css';
import { RetirementProjection } from './retirement-projection.tsx';
import { WithInvestment } from './with-investment.tsx';

export const SETUP_PATH = '/my-retirement';

/**
 * /dashboard/my-investments (the menu's 'My Investments'): the accounts, where they lead at
 * retirement, and how their balances moved. Without a plan, the setup comes first. The header's
 * 'Chat with Helo advisor' belongs to the dashboard layout on this page.
 */
export function MyInvestmentsPage() {
  return (
    <WithInvestment>
      {(investment) => (investment ? <Overview investment={investment} /> : <Navigate to={SETUP_PATH} replace />)}
    </WithInvestment>
  );
}

function Overview({ investment }: { investment: Investment }) {
  // A deleted account's card takes its buttons with it: the focus goes to the list's heading, once
  // the answer has removed the card (after the dialog's own focus handling is done).
  const accountsTitle = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  useEffect(() => {
    if (deleted === null || investment.accounts.some((a) => a.id === deleted)) return;
    setDeleted(null);
    accountsTitle.current?.focus();
  }, [deleted, investment.accounts]);
  return (
    <DashboardPage title="My Investments" action={<ButtonLink to={SETUP_PATH}>Add an account</ButtonLink>}>
      <MutedText>Your retirement accounts as you enter them. Amounts here are a record: no real money moves.</MutedText>
      <dl className={styles.totals}>
        <div>
          <dt>Total balance</dt>
          <dd>{formatDollars(investment.total_balance)}</dd>
        </div>
        <div>
          <dt>Going in this month</dt>
          <dd>{formatDollars(investment.monthly_contributions)}</dd>
          <dd className={styles.note}>Yours and your employers' contributions</dd>
        </div>
      </dl>
      <section className={styles.accounts} aria-labelledby="accounts-title">
        <h2 id="accounts-title" ref={accountsTitle} tabIndex={-1} className={styles.sectionTitle}>
          Your accounts
        </h2>
        {investment.accounts.length === 0 ? (
          <MutedText>You have no accounts in your plan. Add one to see your projection.</MutedText>
        ) : (
          <div className={styles.grid}>
            {investment.accounts.map((account) => (
              <AccountCard key={account.id} account={account} onDeleted={() => setDeleted(account.id)} />
            ))}
          </div>
        )}
      </section>
      <RetirementProjection investment={investment} />
      <BalanceHistory accounts={investment.accounts} />
    </DashboardPage>
  );
}

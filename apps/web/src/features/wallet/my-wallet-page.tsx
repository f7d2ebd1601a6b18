import { UNCATEGORIZED } from '@helo/contract/wallet';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { browserMonth } from '../../lib/calendar.ts';
import { formatDollars } from '../../lib/display-format.ts';
import { BILLS_PATH } from '../bills/index.ts';
import { LowestBeforePayday } from '../forecast/index.ts';
import { BucketFigure, WithNest } from '../nest/index.ts';
import { AccountsPanel } from './accounts/accounts-panel.tsx';
import { BankConnectionsPanel } from './bank/bank-connections-panel.tsx';
import { ImportBankFile } from './import/import-bank-file.tsx';
import styles from './my-wallet-page.module.css';
import { Spending } from './spending.tsx';
import { Transactions } from './transactions.tsx';
import { useWalletSummary } from './use-wallet.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /dashboard/my-wallet (the menu's 'My Wallet'): the spending money the Money Nest puts aside, the
 * user's accounts with their balances, a month's spending against its budget (the month in the
 * address, so it can be linked), and the transactions. Before the Nest is activated, what it does and the Activate button.
 */
export function MyWalletPage() {
  return <WithNest title="My Wallet">{() => <Wallet />}</WithNest>;
}

function Wallet() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH.test(asked) ? asked : browserMonth();
  const summary = useWalletSummary(month);
  const showMonth = (next: string) => setParams(next === browserMonth() ? {} : { month: next }, { replace: true });
  const categories = summary.data?.categories.map((c) => c.name) ?? [UNCATEGORIZED];

  return (
    <DashboardPage
      title="My Wallet"
      action={
        <div className={styles.actions}>
          <ButtonLink to={BILLS_PATH} variant="secondary">
            Bills calendar
          </ButtonLink>
          <ButtonLink to="/dashboard/my-wallet/forecast" variant="secondary">
            Forecast
          </ButtonLink>
          <ButtonLink to="/dashboard/my-wallet/rules" variant="secondary">
            Rules
          </ButtonLink>
        </div>
      }
    >
      <Notice tone="info">
        No real money moves. The Wallet is your spending money as the Money Nest sets it aside; you record what you
        spend here, in it or in your other accounts, by hand or from a bank file: a record you keep in Helo, not a bank
        account.
      </Notice>
      {summary.isError && summary.data === undefined ? (
        <Notice tone="error" role="alert">
          We could not load your Wallet. Please reload the page.
        </Notice>
      ) : (
        <BucketFigure
          label="Wallet balance"
          value={summary.data === undefined ? 'Loading…' : formatDollars(summary.data.balance)}
        />
      )}
      <LowestBeforePayday />
      <AccountsPanel />
      <BankConnectionsPanel />
      <Spending month={month} summary={summary.data} failed={summary.isError} onMonth={showMonth} />
      <ImportBankFile />
      <Transactions categories={categories} />
    </DashboardPage>
  );
}

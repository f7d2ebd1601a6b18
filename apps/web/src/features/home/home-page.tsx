import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BILLS_PATH } from '../bills/index.ts';
import { LowestBeforePayday } from '../forecast/index.ts';
import {
  BudgetCard,
  ComingSoonCard,
  EmergencyFundCard,
  GoalsCard,
  InvestmentsCard,
  LoansCard,
  NestAndWalletCards,
  NetWorthCard,
  VaultCard,
} from './home-cards.tsx';
import styles from './home-page.module.css';
import { NotificationsCard } from './notifications-card.tsx';
import { useHome } from './use-home.ts';

/**
 * /dashboard/home: every area's headline figures from one request (`GET /v1/home`), each card
 * linking to its area's page, or inviting to its setup while the area is empty.
 */
export function HomePage() {
  const home = useHome();
  if (home.data === undefined) {
    if (home.isError) {
      return (
        <DashboardPage title="Home">
          <div className={styles.failed}>
            <Notice tone="error" role="alert">
              We could not load your dashboard. Check your connection and try again.
            </Notice>
            <div>
              <Button onClick={() => void home.refetch()} disabled={home.isFetching}>
                {home.isFetching ? <Spinner size="sm" label="Trying again" /> : 'Try again'}
              </Button>
            </div>
          </div>
        </DashboardPage>
      );
    }
    return <Spinner label="Loading your dashboard" />;
  }
  const data = home.data;
  return (
    <DashboardPage
      title={`Welcome, ${data.first_name || 'there'}`}
      action={
        <ButtonLink to={BILLS_PATH} variant="secondary">
          Bills calendar
        </ButtonLink>
      }
    >
      <MutedText>Your money at a glance. Every figure is one you keep in Helo; no real money moves here.</MutedText>
      <LowestBeforePayday enabled={data.nest !== null} />
      <div className={styles.layout}>
        <div className={styles.top}>
          <NetWorthCard netWorth={data.net_worth} className={styles.netWorth} />
          <NotificationsCard notifications={data.notifications} />
        </div>
        <div className={styles.areas}>
          <LoansCard debts={data.debts} />
          <EmergencyFundCard fund={data.emergency_fund} />
          <GoalsCard goals={data.goals} />
          <BudgetCard budget={data.budget} />
          <InvestmentsCard investments={data.investments} />
          <NestAndWalletCards nest={data.nest} wallet={data.wallet} />
          <VaultCard vault={data.vault} />
          <ComingSoonCard />
        </div>
      </div>
    </DashboardPage>
  );
}

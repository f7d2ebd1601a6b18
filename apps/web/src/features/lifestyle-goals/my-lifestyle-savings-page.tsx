import { Navigate } from 'react-router';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { GoalCard } from './goal-card.tsx';
import { GoalProjection } from './goal-projection.tsx';
import styles from './my-lifestyle-savings-page.module.css';
import { useGoals } from './use-lifestyle-goals.ts';

export const SETUP_PATH = '/lifestyle-savings-goals';

/**
 * /dashboard/my-lifestyle-savings (the menu's 'My Lifestyle Savings'): a card per goal and where the
 * chosen one is headed. Without a goal, the setup comes first.
 */
export function MyLifestyleSavingsPage() {
  const goals = useGoals();
  if (goals.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your savings goals. Please reload the page.
      </Notice>
    );
  }
  if (goals.data === undefined) return <Spinner label="Loading your savings goals" />;
  if (goals.data.length === 0) return <Navigate to={SETUP_PATH} replace />;
  return (
    <DashboardPage title="My Lifestyle Savings" action={<ButtonLink to={SETUP_PATH}>Add a goal</ButtonLink>}>
      <MutedText>
        Each goal shows what to put aside a month to reach it on time. Amounts here are a record: no real money moves.
      </MutedText>
      <div className={styles.grid}>
        {goals.data.map((goal) => (
          <GoalCard key={goal.id} goal={goal} />
        ))}
      </div>
      <GoalProjection goals={goals.data} />
    </DashboardPage>
  );
}

import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { Navigate } from 'react-router';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import styles from './emergency-fund-details-page.module.css';
import { EntryForm } from './entry-form.tsx';
import { EntryHistory } from './entry-history.tsx';
import { FundAnswersSection } from './fund-answers-section.tsx';
import { FundSummary } from './fund-summary.tsx';
import { WithFund } from './with-fund.tsx';

/**
 * /dashboard/my-emergency-fund-details (the menu's 'My Emergency Fund'): the fund's figures, a
 * deposit or withdrawal, the history and the setup answers. Without a fund, the setup comes first.
 */
export function EmergencyFundDetailsPage() {
  return (
    <WithFund>{(fund) => (fund ? <FundDetails fund={fund} /> : <Navigate to="/emergency-funds" replace />)}</WithFund>
  );
}

function FundDetails({ fund }: { fund: EmergencyFund }) {
  return (
    <DashboardPage title="My Emergency Fund">
      <div className={styles.grid}>
        <FundSummary fund={fund} />
        <EntryForm fund={fund} />
        <EntryHistory fund={fund} />
        <FundAnswersSection fund={fund} />
      </div>
    </DashboardPage>
  );
}

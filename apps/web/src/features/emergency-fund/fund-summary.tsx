import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { Panel } from '../../components/layout/panel.tsx';
import { ProgressToTarget } from '../../components/ui/progress-to-target.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { expensesSentence, monthsSentence } from './fund-format.ts';
import styles from './fund-summary.module.css';

/**
 * The fund at a glance (decisions.md "Emergency fund details"): what it holds, the 3- and 6-month
 * targets, the progress, the months to each target at the saving the user wants, and where the
 * expenses behind the targets come from. It changes only after an action, whose toast says so.
 */
export function FundSummary({ fund }: { fund: EmergencyFund }) {
  const { plan } = fund;
  return (
    <Panel title="Your cushion" className={styles.summary}>
      <div className={styles.saved}>
        <span className={styles.savedLabel}>Saved</span>
        <span className={styles.savedAmount}>{formatDollars(fund.saved_amount)}</span>
      </div>
      <ProgressToTarget
        label="Progress to your 3-month target"
        percent={plan.progress_percent}
        saved={fund.saved_amount}
        target={plan.target_low}
      />
      <dl className={styles.targets}>
        <div>
          <dt>3 months of expenses</dt>
          <dd>{formatDollars(plan.target_low)}</dd>
        </div>
        <div>
          <dt>6 months of expenses</dt>
          <dd>{formatDollars(plan.target_high)}</dd>
        </div>
      </dl>
      <ul className={styles.months}>
        <li>{monthsSentence(plan.months_to_low, 3, fund.monthly_saving_want)}</li>
        <li>{monthsSentence(plan.months_to_high, 6, fund.monthly_saving_want)}</li>
      </ul>
      <p className={styles.source}>{expensesSentence(fund)}</p>
      <p className={styles.disclaimer}>Projected estimate, not financial advice.</p>
    </Panel>
  );
}

import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { monthsSentence } from './fund-format.ts';
import styles from './setup-results.module.css';
import { SetupStepper } from './setup-stepper.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

export const EVALUATING = 'Evaluating your budget';

/**
 * The 'Results' step: the spec's loader while the answers are saved, then the targets the server
 * worked out, shown until the page moves on to the details (`detailsPath`, also a link).
 */
export function SetupResults({ fund, detailsPath }: { fund: EmergencyFund | null; detailsPath: string }) {
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(title);
  return (
    <div className={styles.step}>
      <SetupStepper current={1} />
      <h1 ref={title} tabIndex={-1} className={styles.title}>
        Results
      </h1>
      {fund === null ? (
        <div className={styles.loader}>
          <Spinner size="lg" />
          {/* A status, so the wait is read out; the spinner beside it is only for the eye. */}
          <p role="status">{EVALUATING}</p>
        </div>
      ) : (
        <div className={styles.results}>
          <dl className={styles.targets}>
            <div>
              <dt>Saved so far</dt>
              <dd>{formatDollars(fund.saved_amount)}</dd>
            </div>
            <div>
              <dt>3 months of expenses</dt>
              <dd>{formatDollars(fund.plan.target_low)}</dd>
            </div>
            <div>
              <dt>6 months of expenses</dt>
              <dd>{formatDollars(fund.plan.target_high)}</dd>
            </div>
          </dl>
          <p className={styles.sentence}>{monthsSentence(fund.plan.months_to_low, 3, fund.monthly_saving_want)}</p>
          <p className={styles.next}>
            Taking you to your emergency fund… <Link to={detailsPath}>Go now</Link>
          </p>
        </div>
      )}
    </div>
  );
}

import { useId } from 'react';
import { formatDollars, formatPercent } from '../../lib/display-format.ts';
import styles from './goal-progress.module.css';

/** The way to the target: a progressbar named by its line, so a screen reader reads name and percent. */
export function GoalProgress({ percent, saved, target }: { percent: number; saved: number; target: number }) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <p className={styles.label}>
        <span id={labelId}>Progress to your target</span>
        <strong>{formatPercent(percent)}</strong>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatPercent(percent)}: ${formatDollars(saved)} of ${formatDollars(target)}`}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
      </div>
      <p className={styles.caption}>
        {formatDollars(saved)} of {formatDollars(target)}
      </p>
    </div>
  );
}

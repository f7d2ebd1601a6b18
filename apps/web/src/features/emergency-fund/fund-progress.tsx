import { useId } from 'react';
import { formatDollars, formatPercent } from '../../lib/display-format.ts';
import styles from './fund-progress.module.css';

/**
 * The way to the 3-month target: a bar with its percent in figures beside its name. The bar is a
 * progressbar named by that line, so a screen reader reads the name and the percent.
 */
export function FundProgress({ percent, saved, target }: { percent: number; saved: number; target: number }) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <p className={styles.label}>
        <span id={labelId}>Progress to your 3-month target</span>
        <strong>{formatPercent(percent)}</strong>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={formatPercent(percent)}
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

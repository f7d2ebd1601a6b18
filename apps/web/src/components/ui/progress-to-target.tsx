import { useId } from 'react';
import { formatDollars, formatPercent } from '../../lib/display-format.ts';
import styles from './progress-to-target.module.css';

/**
 * The way to a savings target: a bar with its percent in figures beside its `label`, and what is
 * saved of what below. The bar is a progressbar named by that line, so a screen reader reads the
 * name and `valueText` (the percent unless told more).
 */
export function ProgressToTarget({
  label,
  percent,
  saved,
  target,
  valueText = formatPercent(percent),
}: {
  label: string;
  percent: number;
  saved: number;
  target: number;
  valueText?: string;
}) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <p className={styles.label}>
        <span id={labelId}>{label}</span>
        <strong>{formatPercent(percent)}</strong>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
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

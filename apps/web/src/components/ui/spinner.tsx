import { cx } from './class-names.ts';
import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  size?: SpinnerSize;
  /**
   * Announced to assistive technology ("Loading goals"). Without it the spinner is decorative, as
   * inside a Button, which says it is busy itself.
   */
  label?: string;
  className?: string;
};

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const circle = <span className={cx(styles.circle, styles[size])} aria-hidden="true" />;
  if (!label) return <span className={cx(styles.spinner, className)}>{circle}</span>;
  return (
    <span role="status" className={cx(styles.spinner, className)}>
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

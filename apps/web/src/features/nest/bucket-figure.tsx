import styles from './bucket-figure.module.css';

/** One balance as a figure: its name above, the amount large. */
export function BucketFigure({ label, value }: { label: string; value: string }) {
  return (
    <dl className={styles.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </dl>
  );
}

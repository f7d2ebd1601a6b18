import { cx } from './class-names.ts';
import styles from './stepper.module.css';

/**
 * A task's steps in order, as a list named `label`: the ones done ticked (and said so to screen
 * readers), the current one marked with aria-current. `compact` draws them closer and smaller, for
 * four steps in a dialog.
 */
export function Stepper({
  steps,
  current,
  label,
  compact = false,
}: {
  steps: readonly string[];
  /** The index of the current step in `steps`. */
  current: number;
  label: string;
  compact?: boolean;
}) {
  return (
    <ol className={cx(styles.stepper, compact && styles.compact)} aria-label={label}>
      {steps.map((name, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <li key={name} className={styles[state]} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.number} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {name}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

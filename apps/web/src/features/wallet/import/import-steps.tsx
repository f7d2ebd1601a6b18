import styles from './import-steps.module.css';

/** The wizard's steps, the current one marked for screen readers too; an OFX file has no columns to map. */
export function ImportSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className={styles.steps} aria-label="Import steps">
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

import styles from './setup-stepper.module.css';

export const SETUP_STEPS = ['Provide information', 'Results'] as const;

/** The setup's stepper (spec: 'Provide information', 'Results'), the current step marked for screen readers too. */
export function SetupStepper({ current }: { current: 0 | 1 }) {
  return (
    <ol className={styles.stepper} aria-label="Setup steps">
      {SETUP_STEPS.map((name, index) => {
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

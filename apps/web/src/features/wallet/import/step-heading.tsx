import { type ReactNode, useEffect, useRef } from 'react';
import styles from './import-wizard.module.css';

/**
 * A step's heading, which takes the focus when the step appears: the step it replaces took the
 * button that had it, and a screen reader hears where it now is.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className={styles.stepTitle}>
      {children}
    </h3>
  );
}

import type { ReactNode } from 'react';
import styles from './form.module.css';

/** The form-level error (what no single field owns), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.alert}>
      {children}
    </p>
  );
}

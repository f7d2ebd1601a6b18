import type { ReactNode } from 'react';
import styles from './payoff-warning.module.css';

/**
 * A figure that cannot be given because the payments never pay the loan off (or only the
 * interest): said in place of the figure, in the error colour, so it is not read as a result.
 */
export function PayoffWarning({ children }: { children: ReactNode }) {
  return <p className={styles.warning}>{children}</p>;
}

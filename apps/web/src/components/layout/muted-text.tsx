import type { ReactNode } from 'react';
import styles from './muted-text.module.css';

/** A paragraph of secondary text: advice, an explanation beside the main content. */
export function MutedText({ small = false, children }: { small?: boolean; children: ReactNode }) {
  return <p className={small ? `${styles.muted} ${styles.small}` : styles.muted}>{children}</p>;
}

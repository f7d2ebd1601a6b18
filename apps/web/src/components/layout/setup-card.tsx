import type { ReactNode } from 'react';
import { cx } from '../ui/class-names.ts';
import styles from './setup-card.module.css';

/**
 * A first-time setup page (a savings goal, a retirement plan): one raised card named by its
 * `SetupHeading`. `wide` for rows of several fields side by side (the retirement's accounts).
 */
export function SetupCard({ labelledBy, wide, children }: { labelledBy: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={cx(styles.card, wide && styles.wide)} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}

/** The setup's title (the page's heading, `id` naming its card) and what it is for. */
export function SetupHeading({ id, title, lead }: { id: string; title: string; lead: ReactNode }) {
  return (
    <>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      <p className={styles.lead}>{lead}</p>
    </>
  );
}

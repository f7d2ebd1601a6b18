import type { ReactNode } from 'react';
import styles from './dashboard-page.module.css';

/**
 * A dashboard page of one's own records (a fund, goals, investments): its title, with the way to
 * add another beside it when there is one, then its sections one below the other.
 */
export function DashboardPage({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const heading = <h1 className={styles.title}>{title}</h1>;
  return (
    <div className={styles.page}>
      {action ? (
        <div className={styles.heading}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

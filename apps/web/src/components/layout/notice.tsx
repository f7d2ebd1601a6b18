import type { ReactNode } from 'react';
import styles from './notice.module.css';

export type NoticeProps = {
  /** 'error' for what went wrong, 'info' for what happened (a link was sent). */
  tone: 'info' | 'error';
  /**
   * 'alert' interrupts (an error that appears after an action), 'status' waits its turn (a result
   * that appears after an action); none for a message that is there from the start.
   */
  role?: 'alert' | 'status';
  children: ReactNode;
};

/** A boxed message in the flow of a form or card: an error, or the outcome of what the person did. */
export function Notice({ tone, role, children }: NoticeProps) {
  return (
    <p role={role} className={tone === 'error' ? styles.error : styles.info}>
      {children}
    </p>
  );
}

import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../ui/class-names.ts';
import styles from './form.module.css';

/**
 * A form whose fields, alerts and buttons stack with one spacing (`roomy`: more, for a form of
 * whole questions such as a setup or an edit). `noValidate`: the contract's schema checks the
 * fields and says what is wrong in words of ours, not the browser's bubbles.
 */
export function Form({ className, roomy, ...props }: ComponentPropsWithRef<'form'> & { roomy?: boolean }) {
  return <form noValidate {...props} className={cx(styles.form, roomy && styles.roomy, className)} />;
}

/** The buttons that end a form or a dialog, on the right, the one that acts last; they wrap on a narrow screen. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

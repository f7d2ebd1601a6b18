import type { ComponentPropsWithRef } from 'react';
import styles from './form.module.css';

/**
 * A form whose fields, alerts and buttons stack with one spacing. `noValidate`: the contract's
 * schema checks the fields and says what is wrong in words of ours, not the browser's bubbles.
 */
export function Form({ className, ...props }: ComponentPropsWithRef<'form'>) {
  return <form noValidate {...props} className={className ? `${styles.form} ${className}` : styles.form} />;
}

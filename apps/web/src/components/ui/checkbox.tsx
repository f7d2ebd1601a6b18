import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './checkbox.module.css';
import { describedBy, useFieldIds } from './field.tsx';
import { FieldError } from './field-error.tsx';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> & {
  label: ReactNode;
  id?: string;
  /** A line under the label, read after the name ("Before a loan payment is due."). */
  hint?: string | undefined;
  error?: string | undefined;
};

/**
 * A checkbox with its label beside it, a hint and an error under it. Every input prop, `ref`
 * included, goes to the <input>, so react-hook-form's `{...register('field')}` works on it.
 */
export function Checkbox({
  label,
  id,
  hint,
  error,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={styles.field}>
      <label htmlFor={ids.inputId} className={styles.choice}>
        <input
          {...inputProps}
          id={ids.inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

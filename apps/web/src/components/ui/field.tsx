import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cx } from './class-names.ts';
import styles from './field.module.css';
import { FieldError } from './field-error.tsx';

export type FieldIds = {
  inputId: string;
  hintId: string;
  errorId: string;
};

/** Ids for a control, its hint and its error, derived from one id so they stay unique together. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

/** The aria-describedby value for a control: only ids of elements that are actually rendered. */
export function describedBy(
  ids: FieldIds,
  hint: string | undefined,
  error: string | undefined,
  ...extra: Array<string | undefined>
): string | undefined {
  const parts = [...extra, hint ? ids.hintId : undefined, error ? ids.errorId : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export type FieldProps = {
  label: ReactNode;
  ids: FieldIds;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
};

/** Label, control, hint and error in the order a person reads them. */
export function Field({ label, ids, hint, error, className, children }: FieldProps) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={ids.inputId} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

/**
 * The text-like input every field shares, so that all fields look and behave alike (text, money,
 * date). `className` adds to the look (room for a button inside); every other prop goes to the input.
 */
export function FieldInput({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input {...props} className={cx(styles.input, className)} />;
}

/** Holds an input and a button placed inside it (the password field's show/hide). */
export function FieldControl({ children }: { children: ReactNode }) {
  return <div className={styles.control}>{children}</div>;
}

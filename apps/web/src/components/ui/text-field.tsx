import { type ComponentPropsWithRef, useState } from 'react';
import { cx } from './class-names.ts';
import { describedBy, Field, FieldControl, FieldInput, useFieldIds } from './field.tsx';
import styles from './text-field.module.css';

export type TextFieldType = 'text' | 'email' | 'number' | 'date' | 'password';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> & {
  label: string;
  type?: TextFieldType;
  id?: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Goes on the field's wrapper (label, input, hint and error), so a layout can place the whole field. */
  className?: string;
};

/**
 * A labelled input. Every input prop, `ref` included, goes to the <input>, so react-hook-form's
 * `{...register('field')}` works as it does on a plain input.
 */
export function TextField({
  label,
  type = 'text',
  id,
  error,
  hint,
  className,
  disabled,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const isPassword = type === 'password';

  return (
    <Field label={label} ids={ids} hint={hint} error={error} className={className}>
      <FieldControl>
        <FieldInput
          {...inputProps}
          id={ids.inputId}
          type={isPassword && passwordVisible ? 'text' : type}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
          className={cx(isPassword && styles.withToggle)}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setPasswordVisible((visible) => !visible)}
            aria-label={passwordVisible ? 'Hide password' : 'Show password'}
            aria-pressed={passwordVisible}
            aria-controls={ids.inputId}
            disabled={disabled}
          >
            {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </FieldControl>
    </Field>
  );
}

function EyeIcon() {
  return (
    <svg
      className={styles.toggleIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      className={styles.toggleIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3 3 18 18" />
    </svg>
  );
}

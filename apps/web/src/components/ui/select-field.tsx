import type { ComponentPropsWithRef } from 'react';
import { describedBy, Field, useFieldIds } from './field.tsx';
import styles from './select-field.module.css';

export type SelectChoice = { value: string; text: string };

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children' | 'className'> & {
  label: string;
  choices: readonly SelectChoice[];
  /** A first choice with the value '' ('All categories', 'None'). */
  none?: string | undefined;
  id?: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Goes on the field's wrapper (label, select, hint and error). */
  className?: string;
};

/**
 * A labelled native select, looking like the shared inputs. Every other prop, `ref` included, goes to
 * the <select>, so react-hook-form's `{...register('field')}` works as on a plain select.
 */
export function SelectField({
  label,
  choices,
  none,
  id,
  error,
  hint,
  className,
  'aria-describedby': ariaDescribedBy,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field label={label} ids={ids} hint={hint} error={error} className={className}>
      <select
        {...selectProps}
        id={ids.inputId}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
      >
        {none !== undefined && <option value="">{none}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

import { type ComponentPropsWithRef, useId } from 'react';
import { FieldError } from './field-error.tsx';
import styles from './radio-question.module.css';

export interface RadioOption {
  value: string;
  label: string;
}

export type RadioQuestionProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value'> & {
  legend: string;
  options: readonly RadioOption[];
  hint?: string | undefined;
  error?: string | undefined;
  /** The legend's look: a question of the form (default), or a small label above the answers. */
  compact?: boolean;
};

/**
 * A question answered with one of a few tiles: native radios in a fieldset named by its legend, so
 * the arrow keys move between them and a screen reader reads the question, its hint and its error.
 * The input props (react-hook-form's `register(...)`, ref included) go to every radio: the form
 * reads the answer from them all, and focuses the first when it sends the person back to it.
 */
export function RadioQuestion({ legend, options, hint, error, compact, ...inputProps }: RadioQuestionProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={compact ? styles.compactLegend : styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.tile}>
            <input
              {...inputProps}
              type="radio"
              value={option.value}
              className={styles.input}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {errorId && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}

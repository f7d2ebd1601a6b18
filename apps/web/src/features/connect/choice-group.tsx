import { type ReactNode, useId } from 'react';
import { FieldError } from '../../components/ui/field-error.tsx';
import styles from './choice-group.module.css';

export type ChoiceGroupProps = {
  legend: string;
  hint?: string;
  error?: string | undefined;
  /** How many tiles a row holds on a wide screen; phones get one or two. */
  columns: 2 | 3 | 4;
  /** The tiles: <ChoiceTile>s. */
  children: ReactNode;
};

/**
 * A question answered by picking tiles (checkboxes or radios): a fieldset named by its legend, the
 * hint and the error read with it.
 */
export function ChoiceGroup({ legend, hint, error, columns, children }: ChoiceGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={`${styles.tiles} ${styles[`columns${columns}`]}`}>{children}</div>
      {errorId && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}

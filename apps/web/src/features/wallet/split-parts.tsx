import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';
import { type SelectChoice, SelectField } from '../../components/ui/select-field.tsx';
import styles from './split-fields.module.css';

/**
 * The frame of a split's parts, shared by a transaction's split and a rule's "Split it": the legend,
 * what comes before the parts (how they are counted), the parts, what comes after them, a live line
 * of what they add up to, the error of them all, and the buttons (Add a part, …).
 */
export function SplitPartsBox({
  legend,
  before,
  after,
  status,
  error,
  buttons,
  children,
}: {
  legend: string;
  before?: ReactNode;
  after?: ReactNode;
  status: string;
  error: string | undefined;
  buttons: ReactNode;
  /** The SplitPartRow of each part. */
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={styles.split} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {before}
      <ol className={styles.parts}>{children}</ol>
      {after}
      <p className={styles.left} aria-live="polite">
        {status}
      </p>
      <FieldError id={errorId} message={error} />
      <div className={styles.buttons}>{buttons}</div>
    </fieldset>
  );
}

/** One part of a split: its category, its share (the caller's amount or percent field) and, when it may go, Remove. */
export function SplitPartRow({
  n,
  choices,
  none,
  category,
  categoryError,
  onRemove,
  children,
}: {
  /** Its place, from 1 (the labels say it: "Category of part 2"). */
  n: number;
  choices: readonly SelectChoice[];
  /** A first choice meaning "not chosen yet". */
  none?: string;
  category: UseFormRegisterReturn;
  categoryError: string | undefined;
  onRemove?: (() => void) | undefined;
  /** Its share's field. */
  children: ReactNode;
}) {
  return (
    <li className={styles.part}>
      <SelectField label={`Category of part ${n}`} choices={choices} none={none} error={categoryError} {...category} />
      {children}
      {onRemove && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className={styles.remove}
          aria-label={`Remove part ${n}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      )}
    </li>
  );
}

/** "Add a part", as both splits offer it. */
export function AddPartButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="secondary" size="sm" onClick={onClick}>
      Add a part
    </Button>
  );
}

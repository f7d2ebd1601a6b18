import type { ChangeEvent, ComponentPropsWithRef } from 'react';
import { toDisplayDate, toIsoTimestamp } from './date-input-rules.ts';
import { describedBy, Field, FieldInput, useFieldIds } from './field.tsx';

export type DateInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'id' | 'value' | 'defaultValue' | 'onChange'
> & {
  label: string;
  id?: string;
  /** A day ('2026-03-01') or a full ISO timestamp ('2026-03-01T00:00:00.000Z'); '' when empty. */
  value: string | null | undefined;
  /** Receives the chosen day as an ISO timestamp at UTC midnight, or the input's text unchanged if it is not a day. */
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** Goes on the field's wrapper (label, input, hint and error), so a layout can place the whole field. */
  className?: string;
};

/** A native date field over ISO timestamps. It is controlled: pair it with react-hook-form's Controller. */
export function DateInput({
  label,
  id,
  value,
  onChange,
  error,
  hint,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: DateInputProps) {
  const ids = useFieldIds(id);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(toIsoTimestamp(event.target.value));
  };

  return (
    <Field label={label} ids={ids} hint={hint} error={error} className={className}>
      <FieldInput
        {...inputProps}
        id={ids.inputId}
        type="date"
        value={toDisplayDate(value)}
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
      />
    </Field>
  );
}

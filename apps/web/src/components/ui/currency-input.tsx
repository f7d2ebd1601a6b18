import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FocusEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { digitsAfter, formatCurrencyDisplay, positionBeforeDigits, sanitizeCurrency } from './currency-rules.ts';
import { describedBy, Field, FieldInput, useFieldIds } from './field.tsx';

export type CurrencyInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'inputMode'
> & {
  label: string;
  id?: string;
  /** The raw numeric string, e.g. '1234.5'. */
  value: string;
  /** Receives the raw numeric string (see currency-rules.ts), never the formatted text. */
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** Goes on the field's wrapper (label, input, hint and error), so a layout can place the whole field. */
  className?: string;
};

type CaretRequest = { digitsAfter: number } | { selectAll: true };

/**
 * A dollar amount field: shows '$1,234.5' while typing and '$1,234.50' once left, and passes on
 * only the numeric string. It is controlled: pair it with react-hook-form's Controller.
 */
export function CurrencyInput({
  label,
  id,
  value,
  onChange,
  error,
  hint,
  className,
  onFocus,
  onBlur,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CurrencyInputProps) {
  const ids = useFieldIds(id);
  const [focused, setFocused] = useState(false);
  const [caret, setCaret] = useState<CaretRequest | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // An amount never filled in ('') shows as an empty field with a '$0.00' placeholder, so a form can
  // ask for it without the field appearing to hold $0.00; clearing a filled amount still gives '0'.
  const display = value === '' ? '' : formatCurrencyDisplay(value, focused);

  // Reformatting replaces the whole text, which would throw the caret to the end; put it back
  // beside the same digit so that editing in the middle of an amount works.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!caret || !input || document.activeElement !== input) return;
    if ('selectAll' in caret) return input.select();
    const position = positionBeforeDigits(input.value, caret.digitsAfter);
    input.setSelectionRange(position, position);
  }, [caret]);

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const position = event.target.selectionStart ?? typed.length;
    setCaret({ digitsAfter: digitsAfter(typed, position) });
    onChange(sanitizeCurrency(typed));
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    // Tabbing in selects the whole amount; the text changes on focus ('.00' goes), which would drop
    // that selection and make typing append instead of replace. Select it again after the change.
    const input = event.currentTarget;
    if (input.value.length > 0 && input.selectionStart === 0 && input.selectionEnd === input.value.length) {
      setCaret({ selectAll: true });
    }
    setFocused(true);
    onFocus?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    onBlur?.(event);
  };

  return (
    <Field label={label} ids={ids} hint={hint} error={error} className={className}>
      <FieldInput
        autoComplete="off"
        placeholder="$0.00"
        {...inputProps}
        ref={setRefs}
        id={ids.inputId}
        type="text"
        inputMode="decimal"
        value={display}
        onChange={handleChange}
        onFocus={handleFocus}
        onBlur={handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
      />
    </Field>
  );
}

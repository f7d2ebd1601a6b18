import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FocusEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  CHECK_AMOUNT,
  digitsAfter,
  formatCurrencyDisplay,
  isAmountText,
  positionBeforeDigits,
  readTypedAmount,
  typedAfterEdit,
} from './currency-rules.ts';
import { describedBy, Field, FieldInput, useFieldIds } from './field.tsx';

export type CurrencyInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'inputMode'
> & {
  label: string;
  id?: string;
  /** The raw numeric string, e.g. '1234.5', or a text that is not an amount as typed ('12,34.5'). */
  value: string;
  /**
   * Receives the raw numeric string (see currency-rules.ts), never the formatted text; a text that is
   * not an amount is passed on as typed, for the form to refuse (`isAmountText`, `amountOf`).
   */
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** Goes on the field's wrapper (label, input, hint and error), so a layout can place the whole field. */
  className?: string;
};

type CaretRequest = { digitsAfter: number } | { selectAll: true };

/**
 * The one dollar amount field of the app: shows '$1,234.5' while typing and '$1,234.50' once left,
 * and passes on only the numeric string. A text it can not read as an amount stays as typed and,
 * once left, says "Check this amount". It is controlled: pair it with react-hook-form's Controller.
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
  const shownError = error ?? (!focused && !isAmountText(value) ? CHECK_AMOUNT : undefined);

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
    const read = readTypedAmount(typedAfterEdit(display, typed, isAmountText(value)));
    onChange(read.ok ? read.value : read.text);
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
    <Field label={label} ids={ids} hint={hint} error={shownError} className={className}>
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
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(ids, hint, shownError, ariaDescribedBy)}
      />
    </Field>
  );
}

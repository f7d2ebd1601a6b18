import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { CurrencyInput } from './currency-input.tsx';

/**
 * A money field of a react-hook-form form: the CurrencyInput, its value the form's string `name`
 * (what the person typed, read as dollars by the form's rules).
 */
export function CurrencyField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  label,
  error,
}: {
  control: Control<Values, unknown, Transformed>;
  name: FieldPathByValue<Values, string>;
  label: string;
  error?: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CurrencyInput
          label={label}
          error={error}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}

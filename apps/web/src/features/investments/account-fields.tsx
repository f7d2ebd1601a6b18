import { ACCOUNT_NAME_MAX, INVESTMENT_ACCOUNT_KINDS } from '@helo/contract/investments';
import { type Control, Controller, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './account-fields.module.css';
import { KIND_LABELS } from './investment-format.ts';
import type { AccountValues } from './investment-values.ts';

const KIND_OPTIONS = INVESTMENT_ACCOUNT_KINDS.map((kind) => ({ value: kind, text: KIND_LABELS[kind] }));

/** The order the fields appear in: after a refused save, the first one in error takes the focus. */
export const ACCOUNT_FIELD_ORDER: (keyof AccountValues)[] = [
  'name',
  'kind',
  'balance',
  'monthly_contribution',
  'employer_monthly_contribution',
  'expected_return_percent',
];

type AccountErrors = Partial<Record<keyof AccountValues, { message?: string | undefined }>>;

/**
 * One account's questions, the same in the setup's rows, the add form and the edit dialog. `prefix`
 * places them in the form ('accounts.1.' in the setup, '' elsewhere); the names it builds are
 * not checked by the compiler, only by the callers' schemas.
 */
export function AccountFields<T extends FieldValues>({
  control,
  register,
  errors,
  prefix = '',
  balanceHint,
}: {
  control: Control<T, unknown, T>;
  register: UseFormRegister<T>;
  errors: AccountErrors | undefined;
  prefix?: string;
  balanceHint?: string;
}) {
  const path = (field: keyof AccountValues) => `${prefix}${field}` as FieldPath<T>;
  const currency = (
    field: 'balance' | 'monthly_contribution' | 'employer_monthly_contribution',
    label: string,
    hint?: string,
  ) => (
    <Controller<T, FieldPath<T>, T>
      control={control}
      name={path(field)}
      render={({ field: f }) => (
        <CurrencyInput
          label={label}
          hint={hint}
          error={errors?.[field]?.message}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          name={f.name}
          ref={f.ref}
        />
      )}
    />
  );
  return (
    <div className={styles.fields}>
      <TextField
        label="Account name"
        maxLength={ACCOUNT_NAME_MAX}
        autoComplete="off"
        error={errors?.name?.message}
        {...register(path('name'))}
      />
      {/* A native select: it looks like one and behaves like the app's other choices (issue 25). */}
      <SelectField
        label="Kind"
        choices={KIND_OPTIONS}
        none="Choose a kind"
        error={errors?.kind?.message}
        {...register(path('kind'))}
      />
      {currency('balance', 'Balance', balanceHint)}
      {currency('monthly_contribution', 'Your monthly contribution')}
      {currency('employer_monthly_contribution', 'Employer contribution a month', 'Leave empty when there is none.')}
      <TextField
        label="Expected return (% a year)"
        inputMode="decimal"
        autoComplete="off"
        hint="For example 6. Between -50 and 50."
        error={errors?.expected_return_percent?.message}
        {...register(path('expected_return_percent'))}
      />
    </div>
  );
}

import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX, INSTITUTION_MAX } from '@helo/contract/accounts';
import type { UseFormReturn } from 'react-hook-form';
import { CurrencyField } from '../../../components/ui/currency-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import styles from '../transaction-fields.module.css';
import { type AccountValues, kindLabel, openingLabel } from './account-values.ts';

const KIND_OPTIONS = ACCOUNT_KINDS.map((kind) => ({ value: kind, text: kindLabel(kind) }));

/** The order the fields appear in: after a refused save, the first one in error takes the focus. */
export const ACCOUNT_FIELD_ORDER = [
  'kind',
  'name',
  'institution',
  'last_four',
  'opening_balance',
  'opening_date',
] as const satisfies readonly (keyof AccountValues)[];

/**
 * An account's questions: its kind (fixed once saved: a checking account does not become a card), a
 * name, where it is held, and what it held (a card: what it owed) on the day you start keeping it here.
 */
export function AccountFields({
  form,
  editing,
  today,
}: {
  form: UseFormReturn<AccountValues, unknown, AccountValues>;
  editing: boolean;
  today: string;
}) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const kind = watch('kind');
  return (
    <>
      <div className={styles.row}>
        {/* A saved account's one choice is its own kind (a disabled field would not be sent). */}
        <SelectField
          label="Kind"
          none={editing ? undefined : 'Choose a kind'}
          choices={editing ? KIND_OPTIONS.filter((o) => o.value === kind) : KIND_OPTIONS}
          hint={editing ? 'A saved account keeps its kind.' : undefined}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <TextField
          label="Account name"
          maxLength={ACCOUNT_NAME_MAX}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label="Bank or card issuer (optional)"
          maxLength={INSTITUTION_MAX}
          autoComplete="off"
          error={errors.institution?.message}
          {...register('institution')}
        />
        <TextField
          label="Last four digits (optional)"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          error={errors.last_four?.message}
          {...register('last_four')}
        />
      </div>
      <div className={styles.row}>
        <CurrencyField
          control={control}
          name="opening_balance"
          label={openingLabel(kind)}
          error={errors.opening_balance?.message}
        />
        <TextField
          label="Opening date"
          type="date"
          max={today}
          hint="The day you start keeping this account here."
          error={errors.opening_date?.message}
          {...register('opening_date')}
        />
      </div>
    </>
  );
}

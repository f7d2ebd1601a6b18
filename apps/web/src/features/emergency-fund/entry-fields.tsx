import { ENTRY_NOTE_MAX } from '@helo/contract/emergency-fund';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatDay } from '../../lib/display-format.ts';
import styles from './entry-fields.module.css';
import type { EntryValues } from './entry-values.ts';

/**
 * The fields of a deposit or a withdrawal, the fund's and a goal's: the amount and its day side by
 * side (one above the other where the form is narrow), then the note. `firstDay` is the earliest
 * day the entry may have (the fund's: the day it was set up), said in the date's hint and set as
 * the date picker's first day.
 */
export function EntryFields({
  control,
  register,
  errors,
  firstDay,
}: {
  control: Control<EntryValues, unknown, EntryValues>;
  register: UseFormRegister<EntryValues>;
  errors: FieldErrors<EntryValues>;
  firstDay?: string;
}) {
  return (
    <>
      <div className={styles.container}>
        <div className={styles.row}>
          <CurrencyField control={control} name="amount" label="Amount" error={errors.amount?.message} />
          <TextField
            label="Date"
            type="date"
            hint={
              firstDay
                ? `The day it happened: between ${formatDay(firstDay)}, when you set up the fund, and today.`
                : 'The day it happened: today or earlier.'
            }
            min={firstDay}
            error={errors.date?.message}
            {...register('date')}
          />
        </div>
      </div>
      <TextField
        label="Note (optional)"
        maxLength={ENTRY_NOTE_MAX}
        error={errors.note?.message}
        {...register('note')}
      />
    </>
  );
}

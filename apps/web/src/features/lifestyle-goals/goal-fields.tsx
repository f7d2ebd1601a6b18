import { GOAL_KINDS, GOAL_NAME_MAX } from '@helo/contract/lifestyle-goals';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { RadioQuestion } from '../../components/ui/radio-question.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './goal-fields.module.css';
import { KIND_LABELS } from './goal-format.ts';
import type { GoalValues } from './goal-values.ts';

const KIND_OPTIONS = GOAL_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const HORIZON_OPTIONS = [
  { value: '1', label: '1 year' },
  { value: '3', label: '3 years' },
  { value: '5', label: '5 years' },
  { value: '10', label: '10 years' },
  { value: 'date', label: 'A date' },
];

/** The order the fields appear in: after a refused save, the first one in error takes the focus. */
export const GOAL_FIELD_ORDER: (keyof GoalValues)[] = [
  'kind',
  'name',
  'target_amount',
  'horizon_years',
  'target_date',
  'saved_amount',
  'apy',
];

/** A goal's questions, the same in the setup and in the edit. */
export function GoalFields({
  form,
  savedLabel,
}: {
  form: UseFormReturn<GoalValues, unknown, GoalValues>;
  /** 'Saved so far' on setup; 'Saved now' on edit, where it sets what the goal holds. */
  savedLabel: string;
}) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const byDate = watch('horizon_years') === 'date';
  const currency = (name: 'target_amount' | 'saved_amount', label: string, hint?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CurrencyInput
          label={label}
          hint={hint}
          error={errors[name]?.message}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
  return (
    <div className={styles.fields}>
      <RadioQuestion
        legend="What are you saving for?"
        options={KIND_OPTIONS}
        error={errors.kind?.message}
        {...register('kind')}
      />
      <TextField label="Goal name" maxLength={GOAL_NAME_MAX} error={errors.name?.message} {...register('name')} />
      <div className={styles.row}>{currency('target_amount', 'Target amount')}</div>
      <RadioQuestion
        legend="When do you want to reach it?"
        options={HORIZON_OPTIONS}
        error={errors.horizon_years?.message}
        {...register('horizon_years')}
      />
      {byDate && (
        <div className={styles.row}>
          <TextField label="Target date" type="date" error={errors.target_date?.message} {...register('target_date')} />
        </div>
      )}
      <div className={styles.row}>
        {currency('saved_amount', savedLabel, 'Leave empty when you are starting from $0.')}
        <TextField
          label="Savings APY in % (optional)"
          inputMode="decimal"
          hint="The yearly interest of the account you save in."
          error={errors.apy?.message}
          {...register('apy')}
        />
      </div>
    </div>
  );
}

import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/ui/text-field.tsx';
import type { ProfileValues } from './investment-values.ts';
import styles from './profile-fields.module.css';

type ProfileErrors = Partial<Record<keyof ProfileValues, { message?: string | undefined }>>;

/** Birth year, retirement age and inflation: the setup's first step and the plan's edit. */
export function ProfileFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProfileValues>;
  errors: ProfileErrors;
}) {
  return (
    <div className={styles.fields}>
      <TextField
        label="Birth year"
        inputMode="numeric"
        autoComplete="bday-year"
        hint="For example 1986. We use the year only, to know your age."
        error={errors.birth_year?.message}
        {...register('birth_year')}
      />
      <TextField
        label="Retirement age"
        inputMode="numeric"
        autoComplete="off"
        hint="The age you want to stop working, for example 65."
        error={errors.retirement_age?.message}
        {...register('retirement_age')}
      />
      <TextField
        label="Inflation (% a year, optional)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="2.5"
        hint="Turns future dollars into today's money. Leave empty for 2.5 %."
        error={errors.inflation_percent?.message}
        {...register('inflation_percent')}
      />
    </div>
  );
}

import { Controller, type UseFormReturn } from 'react-hook-form';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { RadioQuestion } from '../../components/ui/radio-question.tsx';
import type { FundAnswers } from './fund-answers.ts';
import styles from './fund-answers-fields.module.css';
import { clearsBalanceWarning } from './fund-format.ts';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

type AmountField = Exclude<keyof FundAnswers, 'is_saving'>;

const AMOUNTS: { name: Exclude<AmountField, 'saved_amount'>; label: string; hint: string }[] = [
  {
    name: 'monthly_income',
    label: 'Monthly income',
    hint: 'What you take home each month, after tax. Your targets are built on it until you have a budget.',
  },
  { name: 'monthly_saving', label: 'Monthly saving', hint: 'What you put aside for emergencies each month now.' },
  {
    name: 'monthly_saving_want',
    label: 'Monthly saving you want',
    hint: 'What you would like to put aside each month. We use it to estimate when you reach each target.',
  },
];

/**
 * The five setup answers (spec "Emergency fund onboarding"), shared by the setup's information step
 * and the edit on the details page. Answering 'No' to the first question clears and hides the saved
 * amount (spec §4). `balance` is what the fund holds when editing, to warn what a 'No' does to it.
 */
export function FundAnswersFields({ form, balance }: { form: UseFormReturn<FundAnswers>; balance?: number }) {
  const {
    control,
    register,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = form;
  const saving = watch('is_saving');
  const warning = saving === 'no' && balance !== undefined ? clearsBalanceWarning(balance) : undefined;

  const amountField = (name: AmountField, label: string, hint: string) => (
    <Controller
      key={name}
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
    <div className={styles.container}>
      <div className={styles.fields}>
        <div className={styles.wide}>
          <RadioQuestion
            legend="Are you already saving for emergencies?"
            options={YES_NO}
            error={errors.is_saving?.message}
            hint={warning}
            {...register('is_saving', {
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value !== 'no') return;
                setValue('saved_amount', '');
                clearErrors('saved_amount');
              },
            })}
          />
        </div>
        {saving !== 'no' && (
          <div className={styles.wide}>
            {amountField(
              'saved_amount',
              'Saved amount',
              balance === undefined
                ? 'What you have set aside for emergencies so far.'
                : 'What your fund holds now, deposits and withdrawals included.',
            )}
          </div>
        )}
        {AMOUNTS.map(({ name, label, hint }) => amountField(name, label, hint))}
      </div>
    </div>
  );
}

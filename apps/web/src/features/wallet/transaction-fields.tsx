import { PAYEE_MAX, TRANSACTION_NOTE_MAX, UNCATEGORIZED } from '@helo/contract/wallet';
import { useEffect } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { Field, useFieldIds } from '../../components/ui/field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useBudgets } from '../budget/use-budgets.ts';
import { RadioQuestion } from '../emergency-fund/radio-question.tsx';
import styles from './transaction-fields.module.css';
import { categoryChoices, type TransactionValues } from './transaction-values.ts';

const DIRECTION_OPTIONS = [
  { value: 'out', label: 'Money out' },
  { value: 'in', label: 'Money in' },
] as const;

/**
 * A transaction's fields: its day, the payee, money out or in and how much (no minus sign to type),
 * the category — one of the categories of the budget of the day's month, or 'Uncategorized' — and a
 * note. Moving the day to a month whose budget has no such category files it under 'Uncategorized'.
 * `keep` is the category an edited transaction is filed under, offered in its own month even when
 * the budget no longer has it.
 */
export function TransactionFields({
  form,
  keep,
}: {
  form: UseFormReturn<TransactionValues, unknown, TransactionValues>;
  keep?: { month: string; category: string } | undefined;
}) {
  const {
    control,
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const budgets = useBudgets();
  const month = watch('date').slice(0, 7);
  const budget = budgets.data?.find((b) => b.month === month);
  const choices = categoryChoices(
    budget?.categories.map((c) => c.name) ?? [],
    keep && keep.month === month ? keep.category : undefined,
  );
  const category = watch('category');
  const known = choices.some((name) => name === category);
  // Only once the budgets are read: until then the choice is not known to be gone.
  useEffect(() => {
    if (budgets.data !== undefined && !known) setValue('category', UNCATEGORIZED);
  }, [budgets.data, known, setValue]);
  const categoryIds = useFieldIds();
  const categoryError = errors.category?.message;
  const noBudget = budgets.data !== undefined && budget === undefined;

  return (
    <>
      <div className={styles.row}>
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <TextField
          label="Payee"
          maxLength={PAYEE_MAX}
          autoComplete="off"
          error={errors.payee?.message}
          {...register('payee')}
        />
      </div>
      <RadioQuestion
        legend="Money out or in"
        compact
        options={DIRECTION_OPTIONS}
        error={errors.direction?.message}
        {...register('direction')}
      />
      <div className={styles.row}>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <CurrencyInput
              label="Amount"
              error={errors.amount?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Field
          label="Category"
          ids={categoryIds}
          error={categoryError}
          hint={noBudget ? 'This month has no budget: only Uncategorized.' : undefined}
        >
          <select
            id={categoryIds.inputId}
            className={styles.select}
            aria-invalid={categoryError ? true : undefined}
            aria-describedby={
              [noBudget ? categoryIds.hintId : undefined, categoryError ? categoryIds.errorId : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
            {...register('category')}
          >
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <TextField
        label="Note (optional)"
        maxLength={TRANSACTION_NOTE_MAX}
        error={errors.note?.message}
        {...register('note')}
      />
    </>
  );
}

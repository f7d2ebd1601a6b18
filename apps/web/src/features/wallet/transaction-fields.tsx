import { PAYEE_MAX, TRANSACTION_NOTE_MAX, UNCATEGORIZED } from '@helo/contract/wallet';
import { useEffect } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { RadioQuestion } from '../../components/ui/radio-question.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useBudgets } from '../budget/index.ts';
import { useAccounts } from './accounts/use-accounts.ts';
import { SplitFields } from './split-fields.tsx';
import { TagsField } from './tags-field.tsx';
import styles from './transaction-fields.module.css';
import { categoryChoices, type TransactionValues } from './transaction-values.ts';
import { useWalletTags } from './use-wallet.ts';

const DIRECTION_OPTIONS = [
  { value: 'out', label: 'Money out' },
  { value: 'in', label: 'Money in' },
] as const;

/**
 * A transaction's fields: the account it is in (the Wallet unless another is picked), its day, the
 * payee, money out or in and how much (no minus sign to type),
 * the category — one of the categories of the budget of the day's month, or 'Uncategorized' — or
 * its split across several ("Split"), a note and its tags. Moving the day to a month whose budget has no such category files it under 'Uncategorized'.
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
    setFocus,
    formState: { errors },
  } = form;
  const tags = useWalletTags();
  const split = watch('splits').length > 0;
  const budgets = useBudgets();
  const month = watch('date').slice(0, 7);
  const budget = budgets.data?.find((b) => b.month === month);
  const choices = categoryChoices(
    budget?.categories.map((c) => c.name) ?? [],
    keep && keep.month === month ? keep.category : undefined,
  );
  const category = watch('category');
  const known = split || choices.some((name) => name === category);
  // Only once the budgets are read: until then the choice is not known to be gone.
  useEffect(() => {
    if (budgets.data !== undefined && !known) setValue('category', UNCATEGORIZED);
  }, [budgets.data, known, setValue]);
  const noBudget = budgets.data !== undefined && budget === undefined;
  const accounts = useAccounts();
  const account = watch('account_id');
  // No account given: the Wallet, once the accounts are read (the server's default meanwhile).
  useEffect(() => {
    const wallet = accounts.data?.find((a) => a.is_wallet);
    if (account === '' && wallet) setValue('account_id', wallet.id);
  }, [accounts.data, account, setValue]);

  return (
    <>
      <SelectField
        label="Account"
        choices={(accounts.data ?? []).map((a) => ({ value: a.id, text: a.name }))}
        none={accounts.data === undefined ? 'Wallet' : undefined}
        error={errors.account_id?.message}
        {...register('account_id')}
      />
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
        <CurrencyField control={control} name="amount" label="Amount" error={errors.amount?.message} />
        {!split && (
          <div className={styles.category}>
            <SelectField
              label="Category"
              choices={choices.map((name) => ({ value: name, text: name }))}
              error={errors.category?.message}
              hint={noBudget ? 'This month has no budget: only Uncategorized.' : undefined}
              {...register('category')}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className={styles.splitButton}
              onClick={() => {
                setValue('splits', [
                  { category, amount: '' },
                  { category: choices.find((c) => c !== category) ?? category, amount: '' },
                ]);
                setTimeout(() => setFocus('splits.0.amount'));
              }}
            >
              Split
            </Button>
          </div>
        )}
      </div>
      {split && <SplitFields form={form} choices={choices} />}
      <TextField
        label="Note (optional)"
        maxLength={TRANSACTION_NOTE_MAX}
        error={errors.note?.message}
        {...register('note')}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagsField
            value={field.value}
            onChange={field.onChange}
            known={(tags.data ?? []).map((t) => t.tag)}
            error={errors.tags?.message ?? errors.tags?.root?.message ?? errors.tags?.find?.((e) => e)?.message}
          />
        )}
      />
    </>
  );
}

import { SPLITS_MAX } from '@helo/contract/wallet';
import { formatCents } from '@helo/finance/format';
import { useEffect } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { AddPartButton, SplitPartRow, SplitPartsBox } from './split-parts.tsx';
import { leftToSplitCents, type TransactionValues } from './transaction-values.ts';

/**
 * A split transaction's parts: each a category and an amount (positive, in the transaction's
 * direction), "Left to split" saying what the parts still lack (or how much they are over), a part
 * added or removed (at least two; "Don't split" files it under the first part's category again).
 */
export function SplitFields({
  form,
  choices,
}: {
  form: UseFormReturn<TransactionValues, unknown, TransactionValues>;
  choices: readonly string[];
}) {
  const {
    control,
    register,
    watch,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'splits' });
  const left = leftToSplitCents({ amount: watch('amount'), splits: watch('splits') });
  const categoryChoices = choices.map((name) => ({ value: name, text: name }));
  const splitsError = errors.splits?.root?.message ?? errors.splits?.message;
  // "The parts add up to …" is about the amounts it was said of: once they change, "Left to split"
  // says the rest, live, and the message would only contradict it.
  // Only a change of the amounts clears it (the parts' own errors too: a save checks them again),
  // not the error's arrival.
  const { clearErrors } = form;
  const signature = `${left}`;
  useEffect(() => {
    if (signature !== '') clearErrors('splits');
  }, [signature, clearErrors]);
  const unsplit = () => {
    const first = form.getValues('splits.0.category');
    setValue('splits', []);
    if (first) setValue('category', first);
    setTimeout(() => setFocus('category'));
  };
  return (
    <SplitPartsBox
      legend="Split across categories"
      status={
        left === null
          ? 'Left to split: check the amounts'
          : left >= 0
            ? `Left to split: ${formatCents(left)}`
            : `Over the amount by ${formatCents(-left)}`
      }
      error={splitsError}
      buttons={
        <>
          {fields.length < SPLITS_MAX && (
            <AddPartButton
              onClick={() => {
                append({
                  category: choices[0] ?? '',
                  amount: left !== null && left > 0 ? (left / 100).toFixed(2) : '',
                });
                setTimeout(() => setFocus(`splits.${fields.length}.category`));
              }}
            />
          )}
          <Button type="button" variant="ghost" size="sm" onClick={unsplit}>
            Don’t split
          </Button>
        </>
      }
    >
      {fields.map((field, i) => (
        <SplitPartRow
          key={field.id}
          n={i + 1}
          choices={categoryChoices}
          category={register(`splits.${i}.category`)}
          categoryError={errors.splits?.[i]?.category?.message}
          onRemove={
            fields.length > 2
              ? () => {
                  remove(i);
                  setTimeout(() => setFocus(`splits.${Math.max(0, i - 1)}.amount`));
                }
              : undefined
          }
        >
          <CurrencyField
            control={control}
            name={`splits.${i}.amount`}
            label={`Amount of part ${i + 1}`}
            error={errors.splits?.[i]?.amount?.message}
          />
        </SplitPartRow>
      ))}
    </SplitPartsBox>
  );
}

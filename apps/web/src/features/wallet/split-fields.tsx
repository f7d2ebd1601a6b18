import { SPLITS_MAX } from '@helo/contract/wallet';
import { formatCents } from '@helo/finance/format';
import { useEffect, useId } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import styles from './split-fields.module.css';
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
  const errorId = useId();
  const left = leftToSplitCents({ amount: watch('amount'), splits: watch('splits') });
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
    <fieldset className={styles.split} aria-describedby={splitsError ? errorId : undefined}>
      <legend className={styles.legend}>Split across categories</legend>
      <ol className={styles.parts}>
        {fields.map((field, i) => (
          <li key={field.id} className={styles.part}>
            <SelectField
              label={`Category of part ${i + 1}`}
              choices={choices.map((name) => ({ value: name, text: name }))}
              error={errors.splits?.[i]?.category?.message}
              {...register(`splits.${i}.category`)}
            />
            <CurrencyField
              control={control}
              name={`splits.${i}.amount`}
              label={`Amount of part ${i + 1}`}
              error={errors.splits?.[i]?.amount?.message}
            />
            {fields.length > 2 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className={styles.remove}
                aria-label={`Remove part ${i + 1}`}
                onClick={() => {
                  remove(i);
                  setTimeout(() => setFocus(`splits.${Math.max(0, i - 1)}.amount`));
                }}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ol>
      <p className={styles.left} aria-live="polite">
        {left === null
          ? 'Left to split: check the amounts'
          : left >= 0
            ? `Left to split: ${formatCents(left)}`
            : `Over the amount by ${formatCents(-left)}`}
      </p>
      <FieldError id={errorId} message={splitsError} />
      <div className={styles.buttons}>
        {fields.length < SPLITS_MAX && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => {
              append({ category: choices[0] ?? '', amount: left !== null && left > 0 ? (left / 100).toFixed(2) : '' });
              setTimeout(() => setFocus(`splits.${fields.length}.category`));
            }}
          >
            Add a part
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={unsplit}>
          Don’t split
        </Button>
      </div>
    </fieldset>
  );
}

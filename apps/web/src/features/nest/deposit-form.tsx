import { DEPOSIT_SOURCE_MAX, type Nest } from '@helo/contract/nest';
import { formatCents } from '@helo/finance/format';
import type { FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './deposit-form.module.css';
import { blankDeposit, type DepositValues, depositBodyOf, depositForm } from './deposit-values.ts';
import { previewSplit } from './rule-rows.ts';
import { useRecordDeposit } from './use-nest.ts';

const FIELD_ORDER: (keyof DepositValues)[] = ['amount', 'date', 'source'];

/**
 * Income as it arrives. As the amount is typed, the split the saved rules will make of it, worked
 * out by the same allocateDeposit the server runs; a refusal shows at its field, which takes the focus.
 */
export function DepositForm({ nest }: { nest: Nest }) {
  const record = useRecordDeposit();
  const {
    control,
    register,
    watch,
    reset,
    setFocus,
    getFieldState,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm(
    depositForm,
    async (values) => {
      try {
        await record.mutateAsync(depositBodyOf(values));
        showToast('success', 'Income recorded and split', TOAST_MS.long);
        reset(blankDeposit(browserDay()));
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: blankDeposit(browserDay()) },
  );
  const preview = previewSplit(nest.rules, watch('amount'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = FIELD_ORDER.find((name) => getFieldState(name).error?.type === 'server');
    if (first) setFocus(first);
  };

  return (
    <Panel title="Record income" className={styles.panel}>
      <Form onSubmit={submit} className={styles.form}>
        <div className={styles.fields}>
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
          <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
          <TextField
            label="Source"
            hint="Where it came from: a paycheck, a side job"
            maxLength={DEPOSIT_SOURCE_MAX}
            error={errors.source?.message}
            {...register('source')}
          />
        </div>
        <section aria-labelledby="preview-title" aria-live="polite" className={styles.preview}>
          <h3 id="preview-title" className={styles.previewTitle}>
            How it will be split
          </h3>
          {preview ? (
            <dl className={styles.shares}>
              {preview.map((share, i) => (
                // The rules' order is the split's; names can repeat once their goal is gone.
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are the rules' positions
                <div key={i} className={styles.share}>
                  <dt>{share.name}</dt>
                  <dd>{formatCents(share.cents)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className={styles.hint}>Type an amount to see how your rules split it.</p>
          )}
        </section>
        <FormAlert>{formError}</FormAlert>
        <div>
          <Button type="submit" loading={isSubmitting}>
            Record income
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

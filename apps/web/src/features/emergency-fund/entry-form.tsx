import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { type FormEvent, useMemo } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { RadioQuestion } from '../../components/ui/radio-question.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import { EntryFields } from './entry-fields.tsx';
import styles from './entry-form.module.css';
import { blankEntry, type EntryValues, entryBodyOf, entryFormFrom } from './entry-values.ts';
import { entryToastText } from './fund-format.ts';
import { useAddEntry } from './use-emergency-fund.ts';

const KINDS = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
] as const;

const FIELD_ORDER: (keyof EntryValues)[] = ['kind', 'amount', 'date', 'note'];

/**
 * Records money put into the fund or taken out of it. A refusal (a withdrawal above the balance, a
 * date in the future or before the fund was set up) shows at its field, which takes the focus, and
 * in the error toast; a day before the fund is refused before anything is sent.
 */
export function EntryForm({ fund }: { fund: EmergencyFund }) {
  const add = useAddEntry();
  const schema = useMemo(() => entryFormFrom(fund.entries_from), [fund.entries_from]);
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
    schema,
    async (values) => {
      try {
        const result = await add.mutateAsync(entryBodyOf(values));
        const fallback = values.kind === 'deposit' ? 'Deposit recorded' : 'Withdrawal recorded';
        const text = entryToastText(
          result.message,
          fallback,
          fund.milestone_reached,
          result.data.fund.milestone_reached,
        );
        showToast('success', text, TOAST_MS.long);
        // The next entry starts afresh, of the same kind, dated today again.
        reset({ ...blankEntry(browserDay()), kind: values.kind });
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: blankEntry(browserDay()) },
  );
  const kind = watch('kind');

  // After a refused save, the first field the server named takes the focus.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = FIELD_ORDER.find((name) => getFieldState(name).error?.type === 'server');
    if (first) setFocus(first);
  };

  return (
    <Panel title="Add a deposit or a withdrawal" className={styles.panel}>
      <Form onSubmit={submit} className={styles.form}>
        <RadioQuestion legend="Type" compact options={KINDS} error={errors.kind?.message} {...register('kind')} />
        <EntryFields control={control} register={register} errors={errors} firstDay={fund.entries_from} />
        <FormAlert>{formError}</FormAlert>
        <div>
          <Button type="submit" loading={isSubmitting}>
            {kind === 'withdrawal' ? 'Add withdrawal' : 'Add deposit'}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { type FormEvent, useId, useRef } from 'react';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { formatDollars } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import { EntryFields, type EntryValues, entryBodyOf, entryForm, useFocusOnMount } from '../emergency-fund/index.ts';
import styles from './goal-entry-form.module.css';
import { goalEntryToast } from './goal-format.ts';
import { useAddGoalEntry } from './use-lifestyle-goals.ts';

const FIELD_ORDER: (keyof EntryValues)[] = ['amount', 'date', 'note'];

/**
 * Money put into a goal or taken out of it. A refusal (more than the goal holds, a day in the
 * future) shows at its field, which takes the focus, and in the error toast.
 */
export function GoalEntryForm({
  goal,
  kind,
  onDone,
}: {
  goal: LifestyleGoal;
  kind: EntryValues['kind'];
  onDone: () => void;
}) {
  const add = useAddGoalEntry(goal.id);
  const {
    control,
    register,
    setFocus,
    getFieldState,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm(
    entryForm,
    async (values) => {
      try {
        const result = await add.mutateAsync(entryBodyOf(values));
        const fallback = kind === 'deposit' ? 'Deposit recorded' : 'Withdrawal recorded';
        showToast(
          'success',
          goalEntryToast(result.message, fallback, goal.milestone_reached, result.data.goal.milestone_reached),
          TOAST_MS.long,
        );
        onDone();
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: { kind, amount: '', date: browserDay(), note: '' } },
  );
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useFocusOnMount(title);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = FIELD_ORDER.find((name) => getFieldState(name).error);
    if (first) setFocus(first);
  };

  const deposit = kind === 'deposit';
  return (
    <Form onSubmit={submit} className={styles.form} aria-labelledby={titleId}>
      <h3 id={titleId} ref={title} tabIndex={-1} className={styles.title}>
        {deposit ? 'Add money' : 'Take money out'}
      </h3>
      {!deposit && <p className={styles.hint}>You can take out at most {formatDollars(goal.saved_amount)}.</p>}
      <EntryFields control={control} register={register} errors={errors} />
      <FormAlert>{formError}</FormAlert>
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {deposit ? 'Add money' : 'Take out'}
        </Button>
      </FormActions>
    </Form>
  );
}

import type { FormEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { GOAL_FIELD_ORDER, GoalFields } from './goal-fields.tsx';
import type { GoalValues } from './goal-values.ts';

/**
 * The goal's questions in a form, for the setup and the edit. After a refused save the first field
 * in error takes the focus, whether the browser-side check or the server refused it.
 */
export function GoalForm({
  form,
  formError,
  onSubmit,
  savedLabel,
  actions,
}: {
  form: UseFormReturn<GoalValues, unknown, GoalValues>;
  formError: string | null;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown>;
  savedLabel: string;
  actions: ReactNode;
}) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = GOAL_FIELD_ORDER.find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
  return (
    <Form onSubmit={submit} roomy>
      <GoalFields form={form} savedLabel={savedLabel} />
      <FormAlert>{formError}</FormAlert>
      <FormActions>{actions}</FormActions>
    </Form>
  );
}

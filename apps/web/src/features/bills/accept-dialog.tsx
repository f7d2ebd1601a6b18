import { RECURRING_NAME_MAX, type RecurringSuggestion } from '@helo/contract/recurring';
import { z } from 'zod';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useApiForm } from '../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { cadenceLabel } from './bills-calendar.ts';
import { useAcceptSuggestion } from './use-bills.ts';

const acceptForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(RECURRING_NAME_MAX),
  kind: z.enum(['income', 'bill', 'subscription']),
  category: z.string(),
  through_nest: z.boolean(),
});

/** Confirms a found series, with its name, kind, category and (income) whether it goes through the Money Nest. */
export function AcceptDialog({ suggestion, onClose }: { suggestion: RecurringSuggestion | null; onClose: () => void }) {
  return (
    <FormDialog open={suggestion !== null} onClose={onClose} title={`Add ${suggestion?.name ?? ''}`}>
      {suggestion && <AcceptForm suggestion={suggestion} onClose={onClose} />}
    </FormDialog>
  );
}

function AcceptForm({ suggestion, onClose }: { suggestion: RecurringSuggestion; onClose: () => void }) {
  const accept = useAcceptSuggestion(suggestion.id);
  const income = suggestion.kind === 'income';
  const { register, formState, watch, formError, onSubmit } = useApiForm(
    acceptForm,
    async (values) => {
      const isIncome = values.kind === 'income';
      const result = await accept.mutateAsync({
        name: values.name,
        kind: values.kind,
        category: isIncome || values.category.trim() === '' ? null : values.category.trim(),
        through_nest: isIncome && values.through_nest,
      });
      toastSuccess(result.message, 'Recurring series added', TOAST_MS.medium);
      onClose();
    },
    {
      defaultValues: {
        name: suggestion.name,
        kind: suggestion.kind === 'transfer' ? 'bill' : suggestion.kind,
        category: suggestion.category ?? '',
        through_nest: false,
      },
    },
  );
  const kind = watch('kind');
  const e = formState.errors;
  return (
    <Form onSubmit={onSubmit} noValidate>
      <p>
        {cadenceLabel(suggestion.cadence)}, {suggestion.occurrences.length} payments found.
      </p>
      <FormAlert>{formError}</FormAlert>
      <TextField label="Name" {...register('name')} error={e.name?.message} />
      <SelectField
        label="Kind"
        choices={
          income
            ? [{ value: 'income', text: 'Income' }]
            : [
                { value: 'bill', text: 'Bill' },
                { value: 'subscription', text: 'Subscription' },
              ]
        }
        {...register('kind')}
        error={e.kind?.message}
      />
      {kind !== 'income' && (
        <TextField label="Category (optional)" {...register('category')} error={e.category?.message} />
      )}
      {kind === 'income' && (
        <Checkbox
          label="Through the Money Nest"
          hint="The Nest records it and splits it by your rules when it arrives."
          {...register('through_nest')}
          error={e.through_nest?.message}
        />
      )}
      <DialogActions>
        <Button type="submit" loading={accept.isPending}>
          Add series
        </Button>
      </DialogActions>
    </Form>
  );
}

import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogCancel, FormDialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { GoalForm } from './goal-form.tsx';
import { goalForm, goalUpdateBodyOf, goalValuesOf } from './goal-values.ts';
import { GOALS_KEY, useUpdateGoal } from './use-lifestyle-goals.ts';

/** The goal's answers in a dialog; only mounted while open, so it always starts from the goal as it is. */
export function EditGoalDialog({ goal, open, onClose }: { goal: LifestyleGoal; open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title={`Edit “${goal.name}”`}>
      <EditForm goal={goal} onClose={onClose} />
    </FormDialog>
  );
}

/**
 * Saves with the version the page read. Changed meanwhile (another tab: 409), it says so and offers
 * to load the goal as it now is, which replaces what was typed here.
 */
function EditForm({ goal, onClose }: { goal: LifestyleGoal; onClose: () => void }) {
  const update = useUpdateGoal(goal.id);
  const client = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const { formError, onSubmit, ...form } = useApiForm(
    goalForm,
    async (values) => {
      setStale(null);
      try {
        const result = await update.mutateAsync(goalUpdateBodyOf(values, goal.version));
        toastSuccess(result.message, 'Goal updated', TOAST_MS.long);
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setStale(error.message);
          return;
        }
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: goalValuesOf(goal) },
  );
  const reload = async () => {
    await client.refetchQueries({ queryKey: GOALS_KEY });
    const fresh = client.getQueryData<LifestyleGoal[]>(GOALS_KEY)?.find((g) => g.id === goal.id);
    setStale(null);
    if (fresh) form.reset(goalValuesOf(fresh));
    else onClose(); // deleted meanwhile
  };
  return (
    <>
      {/* The way out of a stale save is Reload: the focus goes there, next to the reason. */}
      {stale && <StaleAlert message={stale} onReload={reload} focusOnShow />}
      <GoalForm
        form={form}
        formError={formError}
        onSubmit={onSubmit}
        savedLabel="Saved now"
        actions={
          <>
            <DialogCancel />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save changes
            </Button>
          </>
        }
      />
    </>
  );
}

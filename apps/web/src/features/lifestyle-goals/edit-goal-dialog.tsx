import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogCancel, FormDialog } from '../../components/ui/dialog.tsx';
import { useApiForm } from '../../lib/forms.ts';
import { useStaleSave } from '../../lib/stale-save.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
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
  const { stale, save, reload } = useStaleSave();
  const { formError, onSubmit, ...form } = useApiForm(
    goalForm,
    (values) =>
      save(async () => {
        const result = await update.mutateAsync(goalUpdateBodyOf(values, goal.version));
        toastSuccess(result.message, 'Goal updated', TOAST_MS.long);
        onClose();
      }),
    { defaultValues: goalValuesOf(goal) },
  );
  const reloadGoal = () =>
    reload<LifestyleGoal[]>(GOALS_KEY, (data) => {
      const fresh = data?.find((g) => g.id === goal.id);
      if (fresh) form.reset(goalValuesOf(fresh));
      else onClose(); // deleted meanwhile
    });
  return (
    <>
      {/* The way out of a stale save is Reload: the focus goes there, next to the reason. */}
      {stale && <StaleAlert message={stale} onReload={reloadGoal} focusOnShow />}
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

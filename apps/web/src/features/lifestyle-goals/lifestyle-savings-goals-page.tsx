import { Navigate, useNavigate } from 'react-router';
import { SetupCard, SetupHeading } from '../../components/layout/setup-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/auth.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { GoalForm } from './goal-form.tsx';
import { BLANK_GOAL, goalBodyOf, goalForm } from './goal-values.ts';
import { useCreateGoal } from './use-lifestyle-goals.ts';

const ROUTE = '/lifestyle-savings-goals';
export const GOALS_PATH = '/dashboard/my-lifestyle-savings';

/**
 * /lifestyle-savings-goals: a new savings goal, in the shared layout like the other setups. Saving
 * needs an account, so a signed-out visitor logs in first and comes back. It is also where 'Add a
 * goal' leads, so it does not send someone with goals away.
 */
export function LifestyleSavingsGoalsPage() {
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return (
    <SetupCard labelledBy="goal-setup-title">
      <SetupHeading
        id="goal-setup-title"
        title="Set up a savings goal"
        lead="A trip, a car, a home: tell us what it costs and when you want it, and we work out what to put aside each month."
      />
      <SetupForm />
    </SetupCard>
  );
}

function SetupForm() {
  const create = useCreateGoal();
  const navigate = useNavigate();
  const { formError, onSubmit, ...form } = useApiForm(
    goalForm,
    async (values) => {
      try {
        const result = await create.mutateAsync(goalBodyOf(values));
        toastSuccess(result.message, 'Goal created', TOAST_MS.long);
        navigate(GOALS_PATH);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        // Field errors go to their fields; the rest (50 goals already: 409) to the form's alert.
        throw error;
      }
    },
    { defaultValues: BLANK_GOAL },
  );
  return (
    <GoalForm
      form={form}
      formError={formError}
      onSubmit={onSubmit}
      savedLabel="Saved so far"
      actions={
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          Save goal
        </Button>
      }
    />
  );
}

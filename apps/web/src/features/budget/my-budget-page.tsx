import { monthLabel } from '@helo/finance/calendar';
import { Navigate, useNavigate } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth.ts';
import { browserMonth } from '../../lib/calendar.ts';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import { useSetupIncome } from '../onboarding/index.ts';
import { BudgetEditor } from './budget-editor.tsx';
import { money } from './budget-format.ts';
import { createBodyOf, presetValues } from './budget-values.ts';
import styles from './my-budget-page.module.css';
import { useBudgetPrefill, useCreateBudget } from './use-budgets.ts';
import { WithBudgets } from './with-budgets.tsx';

const ROUTE = '/my-budget';
export const BUDGET_DETAILS_PATH = '/dashboard/my-budget';
export const SAVED = 'Your budget is saved';

/**
 * /my-budget: the first budget, in the shared layout. Saving needs an account, so a signed-out
 * visitor logs in first and comes back; someone who already has a budget goes to it.
 */
export function MyBudgetPage() {
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return (
    <Panel title="Build your budget" level={1} className={styles.card}>
      <WithBudgets>
        {(budgets) => (budgets.length > 0 ? <Navigate to={BUDGET_DETAILS_PATH} replace /> : <Setup />)}
      </WithBudgets>
    </Panel>
  );
}

function Setup() {
  const prefill = useBudgetPrefill();
  const setup = useSetupIncome();
  const create = useCreateBudget();
  const navigate = useNavigate();
  const month = browserMonth();

  if (prefill.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your loans. Please reload the page.
      </Notice>
    );
  }
  if (!prefill.data || !setup.settled) return <Spinner label="Loading your loans" />;
  const { debt_payments, loan_count } = prefill.data;

  return (
    <>
      <MutedText>
        A plan for {monthLabel(month)}: what you take home, and what you mean to spend or save in each category. We
        compare it with the 50/30/20 guideline: half for needs, 30 % for wants, 20 % for savings.
      </MutedText>
      {loan_count > 0 && (
        <Notice tone="info">
          Debt payments is filled in with {money(debt_payments)}, the monthly payments of your {loan_count}{' '}
          {loan_count === 1 ? 'loan' : 'loans'}.
        </Notice>
      )}
      <BudgetEditor
        values={{ ...presetValues(debt_payments), net_income: setup.income }}
        submitLabel="Save my budget"
        onSave={async (values) => {
          try {
            const result = await create.mutateAsync(createBodyOf(month, values));
            toastSuccess(result.message, SAVED, TOAST_MS.long);
            navigate(BUDGET_DETAILS_PATH);
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              // Made meanwhile, in another tab: it is there to see.
              toastError(error);
              navigate(BUDGET_DETAILS_PATH, { replace: true });
              return;
            }
            throw error; // field errors to their fields, the rest above the form
          }
        }}
      />
    </>
  );
}

import type { Budget } from '@helo/contract/budgets';
import { monthLabel, nextMonth } from '@helo/finance/calendar';
import { useId } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { browserMonth } from '../../lib/calendar.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { BudgetCategories } from './budget-categories.tsx';
import styles from './budget-details-page.module.css';
import { BudgetPeriodSettings } from './budget-period-settings.tsx';
import { BudgetSplit } from './budget-split.tsx';
import { BudgetTotals } from './budget-totals.tsx';
import { DeleteMonthDialog } from './delete-month-dialog.tsx';
import { PayPeriodView } from './pay-period-view.tsx';
import { useBudgetSettings } from './use-budget-periods.ts';
import { useCreateBudget } from './use-budgets.ts';
import { WithBudgets } from './with-budgets.tsx';

/**
 * /dashboard/my-budget (the menu's 'My Budget'): one month of the user's budgets at a time (the
 * month in the address, so it can be linked), its totals, the 50/30/20 split and the categories.
 * Without a budget, the setup comes first.
 */
export function BudgetDetailsPage() {
  return (
    <WithBudgets>
      {(budgets) => (budgets.length > 0 ? <BudgetDetails budgets={budgets} /> : <Navigate to="/my-budget" replace />)}
    </WithBudgets>
  );
}

function BudgetDetails({ budgets }: { budgets: Budget[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const budget =
    budgets.find((b) => b.month === asked) ?? budgets.find((b) => b.month === browserMonth()) ?? (budgets[0] as Budget);
  const show = (month: string | null) => setParams(month ? { month } : {}, { replace: true });
  const selectId = useId();
  // Month (everyone's default) or pay period: the period's panel shows only for the latter.
  const settings = useBudgetSettings().data;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>My Budget</h1>
        <div className={styles.month}>
          <label htmlFor={selectId}>Month</label>
          <select id={selectId} className={styles.select} value={budget.month} onChange={(e) => show(e.target.value)}>
            {budgets.map((b) => (
              <option key={b.id} value={b.month}>
                {monthLabel(b.month)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {settings?.period === 'pay_period' && <PayPeriodView settings={settings} />}
      <div className={styles.grid}>
        <BudgetTotals budget={budget} />
        <BudgetSplit budget={budget} />
      </div>
      <BudgetCategories budget={budget} />
      {settings && <BudgetPeriodSettings settings={settings} />}
      <MonthActions budget={budget} budgets={budgets} onShow={show} />
    </div>
  );
}

/** 'Copy to next month' (a new month starting as this one) and, set apart below it, deleting this month. */
function MonthActions({
  budget,
  budgets,
  onShow,
}: {
  budget: Budget;
  budgets: Budget[];
  onShow: (month: string | null) => void;
}) {
  const create = useCreateBudget();
  const next = nextMonth(budget.month);
  const nextExists = budgets.some((b) => b.month === next);

  const copy = async () => {
    try {
      const result = await create.mutateAsync({ month: next, copy_from: budget.month });
      toastSuccess(result.message, 'Your budget is saved', TOAST_MS.long);
      onShow(next);
    } catch (error) {
      // The field's own words ('There is no budget for October 2026 to copy'), not 'copy_from: …'.
      showToast('error', error instanceof ApiError ? (error.errors[0]?.message ?? error.message) : errorMessage(error));
    }
  };

  return (
    <Panel title="This month">
      <MutedText small>
        {nextExists
          ? `${monthLabel(next)} has a budget already; choose it above.`
          : `Start ${monthLabel(next)} with the income and categories of ${monthLabel(budget.month)}.`}
      </MutedText>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={copy} loading={create.isPending} disabled={nextExists}>
          Copy to {monthLabel(next)}
        </Button>
      </div>
      {/* Apart from Copy, under its own words: a press meant for one must not land on the other. */}
      <div className={styles.danger}>
        <MutedText small>Deleting removes this month's income and categories. Other months stay.</MutedText>
        <div className={styles.actions}>
          <DeleteMonthDialog budget={budget} onDeleted={() => onShow(null)} />
        </div>
      </div>
    </Panel>
  );
}

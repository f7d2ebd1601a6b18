import type { Budget } from '@helo/contract/budgets';
import { useContext, useState } from 'react';
import { Panel } from '../../components/layout/panel.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { BudgetEditor } from './budget-editor.tsx';
import { valuesOf, wireOf } from './budget-values.ts';
import { SpentSource } from './spent-source.ts';
import { useReloadBudgets, useUpdateBudget } from './use-budgets.ts';

/**
 * The month's income and categories, edited in place and saved whole from the version read. A budget
 * changed meanwhile (another tab: 409) shows the server's message and Reload instead of Save, since
 * saving again from the old copy would be refused again.
 */
export function BudgetCategories({ budget }: { budget: Budget }) {
  const update = useUpdateBudget();
  const reloadList = useReloadBudgets();
  const [stale, setStale] = useState<string | null>(null);
  // A reload that finds the same version still starts the form afresh.
  const [round, setRound] = useState(0);
  const useSpentIn = useContext(SpentSource);
  const spent = useSpentIn(budget.month);

  const reload = async () => {
    await reloadList();
    setStale(null);
    setRound((r) => r + 1);
  };

  return (
    <Panel title="Income and categories">
      {/* The pressed Save is gone; the focus goes to what comes next. */}
      {stale && <StaleAlert message={stale} onReload={reload} focusOnShow />}
      <BudgetEditor
        key={`${budget.id}-${budget.version}-${round}`}
        values={valuesOf(budget)}
        submitLabel="Save changes"
        incomeHint={`What you take home in this month, after tax.`}
        actions={stale ? <span /> : undefined}
        spent={spent}
        onSave={async (values) => {
          try {
            const result = await update.mutateAsync({
              id: budget.id,
              body: { ...wireOf(values), version: budget.version } as never,
            });
            toastSuccess(result.message, 'Your budget is saved', TOAST_MS.long);
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              setStale(error.message);
              return;
            }
            throw error;
          }
        }}
      />
    </Panel>
  );
}

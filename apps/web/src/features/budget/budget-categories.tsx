import type { Budget } from '@helo/contract/budgets';
import { useRef, useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './budget-categories.module.css';
import { BudgetEditor } from './budget-editor.tsx';
import { valuesOf, wireOf } from './budget-values.ts';
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
  const [reloading, setReloading] = useState(false);
  // A reload that finds the same version still starts the form afresh.
  const [round, setRound] = useState(0);
  const reloadButton = useRef<HTMLButtonElement>(null);

  const reload = async () => {
    setReloading(true);
    try {
      await reloadList();
      setStale(null);
      setRound((r) => r + 1);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Panel title="Income and categories">
      {stale && (
        <Notice tone="error" role="alert">
          <span className={styles.stale}>
            <span className={styles.message}>{stale}</span>
            <Button ref={reloadButton} size="sm" onClick={reload} loading={reloading}>
              Reload
            </Button>
          </span>
        </Notice>
      )}
      <BudgetEditor
        key={`${budget.id}-${budget.version}-${round}`}
        values={valuesOf(budget)}
        submitLabel="Save changes"
        incomeHint={`What you take home in this month, after tax.`}
        actions={stale ? <span /> : undefined}
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
              // The pressed Save is gone; the focus goes to what comes next.
              requestAnimationFrame(() => reloadButton.current?.focus());
              return;
            }
            throw error;
          }
        }}
      />
    </Panel>
  );
}

import type { Budget, BudgetPresetKey } from '@helo/contract/budgets';
import { type BudgetGroup, budgetSummary } from '@helo/finance/budget';
import { centsToDollars } from '@helo/finance/cents';
import type { SavedBudget } from './budgets.repository.ts';

const dollarsByGroup = (cents: Record<BudgetGroup, number>) => ({
  needs: centsToDollars(cents.needs),
  wants: centsToDollars(cents.wants),
  savings: centsToDollars(cents.savings),
});

/** A saved budget as the contract answers it: dollars, and the summary from @helo/finance/budget. */
export function toWire({ row, categories }: SavedBudget): Budget {
  const summary = budgetSummary({
    netIncomeCents: row.netIncomeCents,
    categories: categories.map((c) => ({ group: c.group, plannedCents: c.plannedCents })),
  });
  return {
    id: row.id,
    month: row.month,
    net_income: centsToDollars(row.netIncomeCents),
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      group: c.group,
      // Only the service writes this column, always a key of BUDGET_PRESETS or null.
      preset: c.preset as BudgetPresetKey | null,
      planned: centsToDollars(c.plannedCents),
    })),
    summary: {
      planned: centsToDollars(summary.plannedCents),
      by_group: dollarsByGroup(summary.byGroup),
      surplus: centsToDollars(summary.surplusCents),
      share_of_income: summary.shareOfIncome,
      guideline: dollarsByGroup(summary.guideline),
    },
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

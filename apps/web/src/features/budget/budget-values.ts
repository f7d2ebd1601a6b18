import {
  BUDGET_PRESETS,
  type Budget,
  type BudgetGroup,
  type BudgetPresetKey,
  type CreateBudgetBody,
  updateBudgetBody,
} from '@helo/contract/budgets';
import { overspent } from '@helo/finance/budget';
import { type Cents, dollarsToCents } from '@helo/finance/cents';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/**
 * The budget as its form holds it: amounts as the typed text ('' when empty), so '12.' can be typed
 * on the way to '12.50'. The contract's schema, the server's own rules, checks what they become.
 */
export interface CategoryRow {
  /** The saved category's id; none for a row added in the form. */
  id?: string | undefined;
  name: string;
  group: BudgetGroup;
  planned: string;
  preset: BudgetPresetKey | null;
}
export interface BudgetValues {
  net_income: string;
  categories: CategoryRow[];
}

export const GROUP_LABELS: Record<BudgetGroup, string> = { needs: 'Needs', wants: 'Wants', savings: 'Savings' };

/**
 * The values on the wire. An empty income is left out, so the contract says that it is required;
 * an empty category is $0: most people leave a few of the preset categories unused.
 */
export function wireOf(values: BudgetValues) {
  return {
    net_income: amountOf(values.net_income),
    categories: values.categories.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name,
      group: c.group,
      planned: amountOf(c.planned) ?? 0,
      preset: c.preset,
    })),
  };
}

/**
 * The form's schema: the values must convert to a body the contract accepts, with each of its
 * messages on its field (`categories.2.planned`). The update's schema is the one asked (any version
 * stands in): it requires the income itself, where the create's says so only once every field is
 * valid, so a first submit shows every missing amount at once.
 */
export const budgetForm = z
  .object({
    net_income: amountText,
    categories: z.array(
      z.object({
        id: z.string().optional(),
        name: z.string(),
        group: z.enum(['needs', 'wants', 'savings']),
        planned: amountText,
        preset: z.string().nullable(),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    const parsed = updateBudgetBody.safeParse({ ...wireOf(values as BudgetValues), version: 1 });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/** The body of a new month, from values the form's schema passed. */
export function createBodyOf(month: string, values: BudgetValues): CreateBudgetBody {
  return { month, ...wireOf(values) } as CreateBudgetBody;
}

/** The setup's first values: the preset categories, debt payments filled from the user's loans. */
export function presetValues(debtPayments: number): BudgetValues {
  return {
    net_income: '',
    categories: BUDGET_PRESETS.map((p) => ({
      name: p.name,
      group: p.group,
      preset: p.key,
      planned: p.key === 'debt_payments' && debtPayments > 0 ? String(debtPayments) : '',
    })),
  };
}

/** A saved budget as the edit form starts with it. */
export function valuesOf(budget: Budget): BudgetValues {
  return {
    net_income: String(budget.net_income),
    categories: budget.categories.map((c) => ({
      id: c.id,
      name: c.name,
      group: c.group,
      planned: String(c.planned),
      preset: c.preset,
    })),
  };
}

/**
 * How far `spent` (dollars) is past the row's planned amount (the form's string, '' for none), in
 * cents; null when it is not over, or while the planned amount is not a valid amount yet.
 */
export function overspentCents(planned: string, spent: number): Cents | null {
  const plan = planned.trim() === '' ? 0 : Number(planned);
  if (!Number.isFinite(plan) || plan < 0) return null;
  try {
    return overspent(dollarsToCents(plan), dollarsToCents(spent));
  } catch {
    return null; // more than two decimals while typing: nothing to say yet
  }
}

/**
 * A month of My Wallet against its budget (decisions.md "My Wallet"): what each budget category
 * planned and what was spent from it, then the category no budget names ('Uncategorized'), then the
 * names a transaction was filed under that the budget no longer has. Names match in any case.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

export interface PlannedCategory {
  name: string;
  plannedCents: CentsInput;
}

/** One category name's transactions in the month: money out and money in, both as positive sums. */
export interface CategoryFlows {
  name: string;
  outCents: CentsInput;
  inCents: CentsInput;
}

export interface CategorySpending {
  name: string;
  /** The budget's planned amount; null for a name the budget does not have. */
  plannedCents: Cents | null;
  /** Money out less money in (a refund lowers it, below 0 when refunds exceed spending). */
  spentCents: Cents;
}

export interface MonthSpending {
  categories: CategorySpending[];
  totalPlannedCents: Cents;
  totalSpentCents: Cents;
  /** Money in under the uncategorized name: income, not negative spending. */
  incomeCents: Cents;
}

export interface SpendingInput {
  /** The month's budget categories in its order (empty for a month without a budget). */
  budget: readonly PlannedCategory[];
  /** The month's transactions summed per category name as stored. */
  flows: readonly CategoryFlows[];
  /** The name of the catch-all category ('Uncategorized'): only its money out is spending. */
  uncategorized: string;
}

const key = (name: string) => name.toLowerCase();

/**
 * The month's spending per category. Budget categories first in the budget's order (each with its
 * planned amount), then the uncategorized one (always, so the page has a place for it), then the
 * other names, alphabetically (any case), each spelled as the first of its spellings in that order.
 * For a category, spent = money out − money in; for the uncategorized one, spent = money out and
 * money in is the month's income. A budget category that carries the uncategorized name keeps its
 * planned amount and place, and the uncategorized rule.
 */
export function spendingByCategory(input: SpendingInput): MonthSpending {
  const flows = new Map<string, { name: string; out: number; in: number }>();
  for (const [i, flow] of [...input.flows].sort((a, b) => compareNames(a.name, b.name)).entries()) {
    checkCents(`flows.${i}.outCents`, flow.outCents);
    checkCents(`flows.${i}.inCents`, flow.inCents);
    const k = key(flow.name);
    const sum = flows.get(k) ?? { name: flow.name, out: 0, in: 0 };
    sum.out += flow.outCents;
    sum.in += flow.inCents;
    flows.set(k, sum);
  }
  const uncategorized = key(input.uncategorized);
  let income = 0;
  let totalPlanned = 0;
  let totalSpent = 0;
  const categories: CategorySpending[] = [];
  const add = (name: string, plannedCents: Cents | null) => {
    const k = key(name);
    const flow = flows.get(k);
    flows.delete(k);
    let spent = 0;
    if (flow && k === uncategorized) {
      spent = flow.out;
      income += flow.in;
    } else if (flow) {
      spent = flow.out - flow.in;
    }
    totalSpent += spent;
    categories.push({ name, plannedCents, spentCents: asCents(spent) });
  };
  const shown = new Set<string>();
  for (const [i, category] of input.budget.entries()) {
    checkCents(`budget.${i}.plannedCents`, category.plannedCents);
    // A budget's names are unique in any case; a repeated one would be counted once.
    if (shown.has(key(category.name))) continue;
    shown.add(key(category.name));
    totalPlanned += category.plannedCents;
    add(category.name, asCents(category.plannedCents));
  }
  if (!shown.has(uncategorized)) add(input.uncategorized, null);
  for (const flow of [...flows.values()]) add(flow.name, null);
  for (const [name, total] of [
    ['planned total', totalPlanned],
    ['spent total', totalSpent],
    ['income', income],
  ] as const) {
    if (!Number.isSafeInteger(total)) throw new RangeError(`the ${name} is too large to count in cents`);
  }
  return {
    categories,
    totalPlannedCents: asCents(totalPlanned),
    totalSpentCents: asCents(totalSpent),
    incomeCents: asCents(income),
  };
}

/** Alphabetical in any case, then by the exact spelling, so the order never depends on the input's. */
function compareNames(a: string, b: string): number {
  const ka = key(a);
  const kb = key(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

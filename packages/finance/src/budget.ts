/**
 * A month's budget: what is planned against the net income, split into needs, wants and savings
 * and held against the 50/30/20 guideline.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

export const BUDGET_GROUPS = ['needs', 'wants', 'savings'] as const;
export type BudgetGroup = (typeof BUDGET_GROUPS)[number];
/** The 50/30/20 guideline, in percent of the net income. */
export const GUIDELINE_PERCENT: Record<BudgetGroup, number> = { needs: 50, wants: 30, savings: 20 };

export interface BudgetInput {
  netIncomeCents: CentsInput;
  categories: { group: BudgetGroup; plannedCents: CentsInput }[];
}

export interface BudgetSummary {
  plannedCents: Cents;
  byGroup: Record<BudgetGroup, Cents>;
  /** Income − planned: negative for a shortfall. */
  surplusCents: Cents;
  /** Each group's planned amount in percent of the income, two decimals half-up; 0 without income. */
  shareOfIncome: Record<BudgetGroup, number>;
  /** 50/30/20 % of the income in cents, summing exactly to the income. */
  guideline: Record<BudgetGroup, Cents>;
}

export function budgetSummary(input: BudgetInput): BudgetSummary {
  const income = input.netIncomeCents;
  checkCents('netIncomeCents', income);
  const byGroup: Record<BudgetGroup, number> = { needs: 0, wants: 0, savings: 0 };
  for (const [i, category] of input.categories.entries()) {
    checkCents(`categories.${i}.plannedCents`, category.plannedCents);
    if (!BUDGET_GROUPS.includes(category.group)) throw new RangeError(`categories.${i}.group is not a budget group`);
    byGroup[category.group] += category.plannedCents;
  }
  const planned = byGroup.needs + byGroup.wants + byGroup.savings;
  if (!Number.isSafeInteger(planned)) throw new RangeError('the planned total is too large to count in cents');
  return {
    plannedCents: asCents(planned),
    byGroup: { needs: asCents(byGroup.needs), wants: asCents(byGroup.wants), savings: asCents(byGroup.savings) },
    surplusCents: asCents(income - planned),
    shareOfIncome: {
      needs: percentOf(byGroup.needs, income),
      wants: percentOf(byGroup.wants, income),
      savings: percentOf(byGroup.savings, income),
    },
    guideline: guidelineSplit(income),
  };
}

/** part ÷ whole in percent, two decimals half-up, on integers (a float would misround x.xx5). */
function percentOf(part: number, whole: number): number {
  if (whole === 0) return 0;
  const hundredths = (BigInt(part) * 20_000n + BigInt(whole)) / (2n * BigInt(whole));
  return Number(hundredths) / 100;
}

/**
 * Largest remainders: each share rounded down, then the one or two cents left over go one by one to
 * the shares with the largest fractional parts, ties to needs before wants before savings, so the
 * three always add up to the income exactly.
 */
function guidelineSplit(income: number): Record<BudgetGroup, Cents> {
  const shares = BUDGET_GROUPS.map((group, order) => {
    const hundredths = income * GUIDELINE_PERCENT[group];
    // income ≤ 2^53 and the percent ≤ 50 can pass 2^53: divide exactly with BigInt then.
    const exact = Number.isSafeInteger(hundredths)
      ? { whole: Math.floor(hundredths / 100), remainder: hundredths % 100 }
      : bigShare(income, GUIDELINE_PERCENT[group]);
    return { group, order, ...exact };
  });
  let left = income - shares.reduce((sum, s) => sum + s.whole, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.order - b.order);
  for (const share of byRemainder) {
    if (left === 0) break;
    share.whole += 1;
    left -= 1;
  }
  const result = Object.fromEntries(shares.map((s) => [s.group, asCents(s.whole)]));
  return result as Record<BudgetGroup, Cents>;
}

function bigShare(income: number, percent: number) {
  const product = BigInt(income) * BigInt(percent);
  return { whole: Number(product / 100n), remainder: Number(product % 100n) };
}

/** How much a category's spending is past its plan; null when it is within it (issue 25: the page marks it). */
export function overspent(plannedCents: Cents, spentCents: Cents): Cents | null {
  return spentCents > plannedCents ? asCents(spentCents - plannedCents) : null;
}

import type { EmergencyFund, EmergencyFundEntry } from '@helo/contract/emergency-fund';
import { formatDay, formatDollars } from '../../lib/display-format.ts';

/** '8 months', '1 year 10 months', '3 years' from a whole number of months (at least 1). */
export function formatDuration(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = years === 0 ? '' : years === 1 ? '1 year' : `${years} years`;
  const m = rest === 0 ? '' : rest === 1 ? '1 month' : `${rest} months`;
  return [y, m].filter(Boolean).join(' ');
}

/**
 * The plan's months to one target as a sentence: when it is reached at the saving the user wants,
 * that it already is (0), or, when it never is (null: nothing saved a month), what would change that.
 */
export function monthsSentence(months: number | null, targetMonths: 3 | 6, monthlySavingWant: number): string {
  const target = `${targetMonths} months of expenses`;
  const saving = formatDollars(monthlySavingWant);
  if (months === null) return `At ${saving} a month you do not reach ${target} — add a monthly saving to see when.`;
  if (months === 0) return `You have reached ${target}.`;
  return `About ${formatDuration(months)} to ${target} at ${saving} a month.`;
}

/** Where the monthly expenses behind the targets come from (decisions.md "Emergency fund details"). */
export function expensesSentence(fund: Pick<EmergencyFund, 'expenses_source' | 'monthly_expenses'>): string {
  const amount = formatDollars(fund.monthly_expenses);
  return fund.expenses_source === 'budget'
    ? `Your targets use the monthly expenses in your budget: ${amount}.`
    : `Your targets use your monthly income of ${amount}, because you have no budget yet. Once you build one, they use its expenses.`;
}

/**
 * The toast after a deposit or a withdrawal: the server's message, and the milestone the entry
 * reached when it reached one (the bell shows it too, but only a toast is read out).
 */
export function entryToastText(message: string | undefined, fallback: string, before: number, after: number): string {
  const text = message || fallback;
  if (after <= before) return text;
  return after >= 100
    ? `${text}. You reached your 3-month target!`
    : `${text}. You reached ${after} % of your 3-month target!`;
}

/**
 * What answering 'No' in the edit does to a fund that holds money: the API stores $0 saved (and,
 * once there are entries, records the difference as a withdrawal). Said beside the question, before
 * the person saves.
 */
export function clearsBalanceWarning(balance: number): string | undefined {
  if (balance <= 0) return undefined;
  return `Saving with No sets your fund to $0.00 (it holds ${formatDollars(balance)} now).`;
}

/** 'deposit of $500.00 on Mar 5, 2026': an entry named in words, for a button or a question about it. */
export const entryLabel = (entry: Pick<EmergencyFundEntry, 'kind' | 'amount' | 'date'>) =>
  `${entry.kind} of ${formatDollars(entry.amount)} on ${formatDay(entry.date)}`;

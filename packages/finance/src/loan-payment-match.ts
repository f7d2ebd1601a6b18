import { addMonths } from './calendar.ts';
import { daysApart } from './matching.ts';

/**
 * A bank row that is a payment to one of the user's loans (issue 29 item 5; decisions.md "Loan
 * payments found in bank rows"). A row is a loan's payment when ALL of these hold:
 * - money out, of exactly the loan's monthly payment;
 * - dated at most `LOAN_PAYMENT_DAYS` from one of the loan's due dates (its day of the month, the
 *   month's last day when shorter; the due dates of the month before, of, and after the row's month);
 * - its description names it: a whole word of the loan's names (its nickname, its type: 'Car Loan'
 *   gives 'car'), four letters or more and not a word every bank row has ('payment', 'online'), or one
 *   of the words loan payments carry (loan, mortgage, mtg, auto, student, lending, heloc).
 * The amount alone would catch a $350 grocery run on the 15th; the words alone a loan's payoff quote.
 * When several loans qualify, the one whose own name the description carries wins, then the nearest
 * due date, then the smaller id: the answer never depends on the order of the loans.
 */
export interface MatchableLoan {
  id: string;
  monthlyPaymentCents: number;
  /** 1–31: the day of the month payments are due. */
  dueDay: number;
  /** The nickname and the type's name, as the user sees them. */
  names: readonly string[];
}

export const LOAN_PAYMENT_DAYS = 3;

/** Words that say "a loan" in a bank's description. */
export const LOAN_WORDS: ReadonlySet<string> = new Set([
  'loan',
  'loans',
  'mortgage',
  'mtg',
  'auto',
  'student',
  'lending',
  'heloc',
]);

/** Words of a loan's names that every bank row may carry: they name nothing. */
const PLAIN_WORDS = new Set(['payment', 'payments', 'online', 'transfer', 'bank', 'debit', 'credit', 'card', 'other']);

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The words of the loan's names that identify it in a description. */
export function loanNameWords(names: readonly string[]): Set<string> {
  return new Set(names.flatMap(wordsOf).filter((w) => w.length >= 4 && !PLAIN_WORDS.has(w) && !LOAN_WORDS.has(w)));
}

function nearestDueDays(date: string, dueDay: number): number {
  return Math.min(...[-1, 0, 1].map((k) => daysApart(date, addMonths(date, k, dueDay))));
}

export function loanPaymentFor(
  row: { date: string; amountCents: number; description: string },
  loans: readonly MatchableLoan[],
): string | undefined {
  if (row.amountCents >= 0) return undefined;
  const words = new Set(wordsOf(row.description));
  const saysLoan = [...words].some((w) => LOAN_WORDS.has(w));
  const found = loans.flatMap((loan) => {
    if (loan.monthlyPaymentCents !== -row.amountCents) return [];
    const days = nearestDueDays(row.date, loan.dueDay);
    if (days > LOAN_PAYMENT_DAYS) return [];
    const named = [...loanNameWords(loan.names)].some((w) => words.has(w));
    return named || saysLoan ? [{ loan, days, named }] : [];
  });
  found.sort(
    (a, b) =>
      Number(b.named) - Number(a.named) ||
      a.days - b.days ||
      (a.loan.id < b.loan.id ? -1 : a.loan.id > b.loan.id ? 1 : 0),
  );
  return found[0]?.loan.id;
}

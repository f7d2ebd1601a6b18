/**
 * The Money Nest's loan bucket (issue 30 item 3, decisions.md "The loan bucket"): each loan's
 * monthly payment is set aside in two halves on the two paydays before its due date, the bucket earns
 * the rate the user gives (posted monthly), and the loan is paid from it on its due date. Pure: the
 * days, balances and rates come in; nothing here reads the clock.
 */
import { addDays, addMonths, type Day, daysInMonth, firstDayOf, type Month } from './calendar.ts';
import { asCents, type Cents, checkCents } from './cents.ts';

/** One pull of a loan's payment into the bucket: on `day`, for the payment due on `dueDate`. */
export interface PlannedPull {
  day: Day;
  dueDate: Day;
  /** 1 for the first half (or the whole, alone), 2 for the second half. */
  part: 1 | 2;
  /** What this pull sets aside (the halves add up to the payment). */
  amountCents: Cents;
  /** What is set aside for this due date once this pull is made. */
  targetCents: Cents;
}

/**
 * The payment in two halves that add up to it exactly: the first half rounds a half cent up (as the
 * savings comparison's half payment does), the second is what is left.
 */
export function halves(paymentCents: number): [Cents, Cents] {
  checkCents('paymentCents', paymentCents);
  const first = Math.round(paymentCents / 2);
  return [asCents(first), asCents(paymentCents - first)];
}

/**
 * The pulls of one due date: the last two paydays in [the previous due date, the due date) (a payday
 * on the due date itself is too late, one on the previous due date is this month's), the halves on
 * them; a single payday takes the whole payment; none, no pull (the Nest's "$X to Loan payments"
 * rule is then what fills the bucket). `paydays` in any order, repeats allowed.
 */
export function pullsFor(input: {
  dueDate: Day;
  /** The loan's day of the month (a loan due on the 31st is due on the 30th in 30-day months). */
  dueDay: number;
  paymentCents: number;
  paydays: readonly Day[];
}): PlannedPull[] {
  checkCents('paymentCents', input.paymentCents);
  if (input.paymentCents === 0) return [];
  const previous = addMonths(input.dueDate, -1, input.dueDay);
  const window = [...new Set(input.paydays)].filter((d) => d >= previous && d < input.dueDate).sort();
  const chosen = window.slice(-2);
  const [first, second] = chosen;
  if (first === undefined) return [];
  const payment = asCents(input.paymentCents);
  if (second === undefined) {
    return [{ day: first, dueDate: input.dueDate, part: 1, amountCents: payment, targetCents: payment }];
  }
  const [a, b] = halves(input.paymentCents);
  return [
    { day: first, dueDate: input.dueDate, part: 1, amountCents: a, targetCents: a },
    { day: second, dueDate: input.dueDate, part: 2, amountCents: b, targetCents: payment },
  ];
}

/** A loan's pulls as the bucket sees them on a payday, in the user's order of loans. */
export interface LoanOnPayday {
  id: string;
  /** This loan's pulls for the due date the payday is before. */
  pulls: readonly PlannedPull[];
}

/**
 * What each loan's pull on `day` takes, given what the bucket holds before it. The bucket's money is
 * first counted against what each loan should already hold before today's pulls (in the user's
 * order), then what is left over (the "$X to Loan payments" rule's money, the interest) covers
 * today's pulls in the same order: a pull takes only what its loan still lacks, so no money is set
 * aside twice. A loan with no pull today takes nothing.
 */
export function pullsOn(
  day: Day,
  heldCents: number,
  loans: readonly LoanOnPayday[],
): Map<string, PlannedPull & { takeCents: Cents }> {
  let left = Math.max(0, heldCents);
  const lacking: { id: string; pull: PlannedPull; lack: number }[] = [];
  for (const loan of loans) {
    const before = loan.pulls.filter((p) => p.day < day).at(-1)?.targetCents ?? 0;
    const have = Math.min(left, before);
    left -= have;
    const today = loan.pulls.find((p) => p.day === day);
    if (today) lacking.push({ id: loan.id, pull: today, lack: today.targetCents - have });
  }
  const answer = new Map<string, PlannedPull & { takeCents: Cents }>();
  for (const { id, pull, lack } of lacking) {
    const covered = Math.min(left, lack);
    left -= covered;
    answer.set(id, { ...pull, takeCents: asCents(lack - covered) });
  }
  return answer;
}

/**
 * What the bucket holds for each loan's next due date: its balance counted against the loans in the
 * user's order, each up to its payment. The rest (more than every payment) belongs to none.
 */
export function setAsideByLoan(heldCents: number, paymentsCents: readonly number[]): Cents[] {
  let left = Math.max(0, heldCents);
  return paymentsCents.map((p) => {
    const have = Math.min(left, Math.max(0, p));
    left -= have;
    return asCents(have);
  });
}

/**
 * The bucket's interest for a month, exact to the cent: the balance at the end of each day of the
 * month times the annual rate ÷ 365, summed, rounded half-up once (a bucket never below zero; a
 * negative day counts as zero). `rateTenThousandths` is the rate in ten-thousandths of a percent
 * (4 % is 40,000: `rateInTenThousandths`). `balances` gives the balance at the end of each day the
 * account moved (oldest first) and `openingCents` what it held before the month's first day.
 */
export function bucketMonthInterest(input: {
  month: Month;
  openingCents: number;
  /** End-of-day balances of the days it moved, oldest first (other months' days are ignored). */
  balances: readonly { date: Day; balanceCents: number }[];
  rateTenThousandths: number;
}): Cents {
  const { month, rateTenThousandths } = input;
  if (!Number.isSafeInteger(rateTenThousandths) || rateTenThousandths < 0) {
    throw new RangeError('rateTenThousandths must be a whole number ≥ 0');
  }
  const moves = new Map(
    input.balances.filter((b) => b.date.startsWith(`${month}-`)).map((b) => [b.date, b.balanceCents]),
  );
  let balance = input.openingCents;
  let sum = 0n;
  let day = firstDayOf(month);
  for (let i = 0; i < daysInMonth(month); i += 1) {
    const moved = moves.get(day);
    if (moved !== undefined) balance = moved;
    if (balance > 0) sum += BigInt(balance);
    day = addDays(day, 1);
  }
  // Σ balance × rate ÷ 100 (percent) ÷ 10,000 (four decimals) ÷ 365, half-up.
  const divisor = 365n * 1_000_000n;
  const interest = (sum * BigInt(rateTenThousandths) * 2n + divisor) / (2n * divisor);
  const cents = Number(interest);
  if (!Number.isSafeInteger(cents)) throw new RangeError('interest is too large to count in cents');
  return asCents(cents);
}

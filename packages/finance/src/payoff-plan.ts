/**
 * Multi-debt payoff plans (avalanche, snowball, custom order), month by month to the cent.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';
import { monthlyInterestAt, rateInTenThousandths } from './monthly-interest.ts';

export type PayoffStrategy = 'avalanche' | 'snowball' | 'custom';

export interface PlanDebt {
  id: string;
  balanceCents: CentsInput;
  annualRatePercent: number;
  minimumPaymentCents: CentsInput;
}

export interface PayoffPlanInput {
  debts: PlanDebt[];
  strategy: PayoffStrategy;
  /** custom: ids in the order to pay them; ids not listed follow in input order. Ignored for the others. */
  customOrder?: string[];
  /** Paid on top of the minimums every month. Default 0. */
  extraMonthlyCents?: CentsInput;
  /** false = every debt only ever gets its own minimum (the "minimum payments only" baseline). Default true. */
  rollover?: boolean;
  /** Default 600 (50 years). */
  maxMonths?: number;
}

export interface PayoffPlanMonth {
  /** 1-based. */
  month: number;
  /** Per debt, in input order. */
  paymentCents: Cents[];
  /** Per debt, in input order. */
  interestCents: Cents[];
  /** Per debt after this month's payment, in input order. */
  balanceCents: Cents[];
  totalPaymentCents: Cents;
  totalInterestCents: Cents;
  totalBalanceCents: Cents;
}

export interface PayoffPlanDebt {
  id: string;
  /** 0 for a debt that starts paid off; null when it is not paid off within the plan. */
  payoffMonth: number | null;
  interestCents: Cents;
  paidCents: Cents;
}

export interface PayoffPlan {
  strategy: PayoffStrategy;
  /** The priority order used, as ids; every debt appears once. */
  order: string[];
  /** Every balance reached 0 within maxMonths. */
  debtFree: boolean;
  /** rows.length: the month the last debt was paid off, or how far the plan got when it was not. */
  months: number;
  totalInterestCents: Cents;
  totalPaidCents: Cents;
  /** Input order. */
  debts: PayoffPlanDebt[];
  rows: PayoffPlanMonth[];
}

/** A debt as the month loop sees it: plain numbers, mutated in place, so a month allocates only its row. */
interface OpenDebt {
  index: number;
  balance: number;
  rate: number;
  minimum: number;
  interest: number;
  payment: number;
}

function checkInput(input: PayoffPlanInput): void {
  const ids = new Set<string>();
  for (const debt of input.debts) {
    if (typeof debt.id !== 'string' || ids.has(debt.id)) throw new RangeError(`debt ids must be unique strings`);
    ids.add(debt.id);
    checkCents(`${debt.id}: balanceCents`, debt.balanceCents);
    checkCents(`${debt.id}: minimumPaymentCents`, debt.minimumPaymentCents);
    const rate = debt.annualRatePercent;
    if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
      throw new RangeError(`${debt.id}: annualRatePercent must be between 0 and 100`);
    }
  }
  checkCents('extraMonthlyCents', input.extraMonthlyCents ?? 0);
  checkCents('maxMonths', input.maxMonths ?? 0);
  if (input.strategy !== 'avalanche' && input.strategy !== 'snowball' && input.strategy !== 'custom') {
    throw new RangeError('strategy must be avalanche, snowball or custom');
  }
  if (input.strategy === 'custom') {
    const listed = new Set<string>();
    for (const id of input.customOrder ?? []) {
      if (!ids.has(id) || listed.has(id)) throw new RangeError(`customOrder: ${id} is unknown or listed twice`);
      listed.add(id);
    }
  }
}

/** Input positions in priority order, decided once from the starting balances. */
function priority(input: PayoffPlanInput, rates: number[]): number[] {
  const { debts } = input;
  const positions = debts.map((_, i) => i);
  const balance = (i: number) => debts[i]?.balanceCents ?? 0;
  const rate = (i: number) => rates[i] ?? 0;
  switch (input.strategy) {
    case 'avalanche':
      // Highest rate first: each cent beyond the minimums saves the most interest there.
      return positions.sort((a, b) => rate(b) - rate(a) || balance(a) - balance(b) || a - b);
    case 'snowball':
      return positions.sort((a, b) => balance(a) - balance(b) || rate(b) - rate(a) || a - b);
    case 'custom': {
      const at = new Map(debts.map((debt, i) => [debt.id, i]));
      const listed = (input.customOrder ?? []).map((id) => at.get(id) ?? -1);
      const chosen = new Set(listed);
      return [...listed, ...positions.filter((i) => !chosen.has(i))];
    }
  }
}

/**
 * Each month every open debt accrues interest (half-up, exact) and is paid its minimum, capped at
 * what it owes; the rest of the budget goes to the open debts in priority order, each up to what it
 * owes, the remainder cascading to the next. With rollover the budget is every minimum, also those
 * of debts already paid off (the freed minimum rolls on), plus the extra; without it, each open
 * debt's own minimum plus the extra, which alone moves down the priority order.
 *
 * Debts that start at 0 are paid off in month 0 and add nothing to the budget: nobody is paying
 * their minimum today, so there is nothing to free.
 *
 * The plan stops early, not debt-free, before the first month in which no balance would go down:
 * next month's balances can only rise with this month's (more owed, less left over to cascade), so
 * from such a month on no balance ever falls.
 */
export function payoffPlan(input: PayoffPlanInput): PayoffPlan {
  checkInput(input);
  const { debts, strategy } = input;
  const extra = input.extraMonthlyCents ?? 0;
  const rollover = input.rollover ?? true;
  const maxMonths = input.maxMonths ?? 600;
  const count = debts.length;
  const rates = debts.map((debt) => rateInTenThousandths(debt.annualRatePercent));
  const order = priority(input, rates);

  // Open debts in priority order; `open` shrinks as they are paid off so later months skip them.
  let open: OpenDebt[] = [];
  for (const i of order) {
    const debt = debts[i];
    if (debt === undefined || debt.balanceCents === 0) continue;
    open.push({
      index: i,
      balance: debt.balanceCents,
      rate: rates[i] ?? 0,
      minimum: debt.minimumPaymentCents,
      interest: 0,
      payment: 0,
    });
  }
  const allMinimums = open.reduce((sum, d) => sum + d.minimum, 0);
  const payoffMonth: Array<number | null> = debts.map((debt) => (debt.balanceCents === 0 ? 0 : null));
  const debtInterest: number[] = debts.map(() => 0);
  const debtPaid: number[] = debts.map(() => 0);
  const balances: number[] = debts.map((debt) => debt.balanceCents);
  const rows: PayoffPlanMonth[] = [];
  let totalInterestCents = 0;
  let totalPaidCents = 0;

  for (let month = 1; open.length > 0 && month <= maxMonths; month++) {
    let minimums = 0;
    for (const d of open) {
      d.interest = monthlyInterestAt(d.balance, d.rate);
      const owed = d.balance + d.interest;
      d.payment = d.minimum < owed ? d.minimum : owed;
      minimums += d.payment;
    }
    // Without rollover what a minimum does not need (capped at what its debt owes) stays unspent.
    let rest = rollover ? allMinimums + extra - minimums : extra;
    let progress = false;
    for (const d of open) {
      const room = d.balance + d.interest - d.payment;
      const more = rest < room ? rest : room;
      d.payment += more;
      rest -= more;
      if (d.payment > d.interest) progress = true;
    }
    if (!progress) break;

    const payments = new Array<number>(count).fill(0);
    const interests = new Array<number>(count).fill(0);
    let monthInterest = 0;
    let monthPaid = 0;
    let closed = 0;
    for (const d of open) {
      d.balance += d.interest - d.payment;
      if (d.balance > Number.MAX_SAFE_INTEGER) throw new RangeError('a balance grew past what cents can count');
      payments[d.index] = d.payment;
      interests[d.index] = d.interest;
      balances[d.index] = d.balance;
      debtInterest[d.index] = (debtInterest[d.index] ?? 0) + d.interest;
      debtPaid[d.index] = (debtPaid[d.index] ?? 0) + d.payment;
      monthInterest += d.interest;
      monthPaid += d.payment;
      if (d.balance === 0) {
        payoffMonth[d.index] = month;
        closed++;
      }
    }
    if (closed > 0) open = open.filter((d) => d.balance > 0);
    totalInterestCents += monthInterest;
    totalPaidCents += monthPaid;
    // The loop kept every figure a whole number of cents (checked inputs, exact interest).
    rows.push({
      month,
      paymentCents: payments as Cents[],
      interestCents: interests as Cents[],
      balanceCents: balances.slice() as Cents[],
      totalPaymentCents: asCents(monthPaid),
      totalInterestCents: asCents(monthInterest),
      totalBalanceCents: asCents(open.reduce((sum, d) => sum + d.balance, 0)),
    });
  }

  return {
    strategy,
    order: order.map((i) => debts[i]?.id ?? ''),
    debtFree: open.length === 0,
    months: rows.length,
    totalInterestCents: asCents(totalInterestCents),
    totalPaidCents: asCents(totalPaidCents),
    debts: debts.map((debt, i) => ({
      id: debt.id,
      payoffMonth: payoffMonth[i] ?? null,
      interestCents: asCents(debtInterest[i] ?? 0),
      paidCents: asCents(debtPaid[i] ?? 0),
    })),
    rows,
  };
}

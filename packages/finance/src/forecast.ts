/**
 * The balance forecast (issue 30 item 4): each account's and the total's balance at the end of every
 * day of the next N days, from today's balances and the money expected on dated days: the recurring
 * series' occurrences, the Money Nest's split of the income that goes through it, the loans' payments
 * on their due dates, and what is left of the budget spread evenly over the month's remaining days
 * (decisions.md "The balance forecast"). Pure: today is an argument, nothing reads the clock.
 */
import { type AllocationRule, allocateDeposit } from './allocation.ts';
import { addDays, type Day, daysBetween, firstDayOf, lastDayOf, type Month, monthOf, nextMonth } from './calendar.ts';
import { followingDueDate, nextDueDate } from './due-date.ts';

export type ForecastEventKind = 'income' | 'bill' | 'subscription' | 'transfer' | 'nest' | 'loan_payment' | 'budget';

/** Money expected to move on a day, signed as seen from `accountId` (in: positive). */
export interface ForecastEvent {
  date: Day;
  accountId: string;
  amountCents: number;
  kind: ForecastEventKind;
  label: string;
}

/** One time a recurring series falls due (what `ExpectedMoney.occurrences` answers). */
export interface ExpectedItem {
  seriesId: string;
  name: string;
  kind: 'income' | 'bill' | 'subscription' | 'transfer';
  date: Day;
  accountId: string;
  toAccountId: string | null;
  /** Signed as seen from `accountId`. */
  amountCents: number;
  category: string | null;
  throughNest: boolean;
  paid: boolean;
}

export interface ForecastLoan {
  name: string;
  paymentCents: number;
  /** The loan's next due date as saved (a past one rolls on), and its day of the month. */
  dueDate: Day;
  dueDay: number;
  /** The account the payment leaves: the Nest's Loan payments, or the Wallet without a Nest. */
  payAccountId: string;
}

export interface ForecastBudgetMonth {
  month: Month;
  /** The month's planned spending (needs and wants, loans left out: they are forecast on their own). */
  plannedCents: number;
}

export interface ForecastInputs {
  today: Day;
  days: number;
  accounts: readonly { id: string; balanceCents: number }[];
  expected: readonly ExpectedItem[];
  /** The active Money Nest: its rules in order, each with the forecast account its share lands in (null: an account outside the forecast, such as the emergency fund). */
  nest: { walletAccountId: string; rules: readonly { accountId: string | null; rule: AllocationRule }[] } | null;
  loans: readonly ForecastLoan[];
  budget: {
    /** Where day-to-day spending comes from (the Wallet); null: no budget spread. */
    accountId: string | null;
    /** The plan of this month and of each later month the window reaches (absent months: none). */
    months: readonly ForecastBudgetMonth[];
    /** What was spent so far in today's month, today included. */
    spentThisMonthCents: number;
  };
}

export interface ForecastDay {
  date: Day;
  /** Each account's balance at the end of the day, by id. */
  balances: Record<string, number>;
  totalCents: number;
  events: ForecastEvent[];
}

export interface Forecast {
  today: Day;
  /** Today's balances (the start). */
  start: { balances: Record<string, number>; totalCents: number };
  days: ForecastDay[];
}

/** `total` into `n` whole-cent parts as even as can be, the extra cents on the earliest parts. */
export function spreadEvenly(total: number, n: number): number[] {
  if (n <= 0) return [];
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const base = Math.floor(abs / n);
  const extra = abs - base * n;
  return Array.from({ length: n }, (_, i) => sign * (base + (i < extra ? 1 : 0)) || 0);
}

/** A deposit through the Nest split by its rules (`allocateDeposit`): one event per share that lands in a forecast account, the rest to the Wallet. */
export function nestDepositEvents(
  item: { date: Day; amountCents: number; label: string },
  nest: NonNullable<ForecastInputs['nest']>,
): ForecastEvent[] {
  const split = allocateDeposit({ amountCents: item.amountCents, rules: nest.rules.map((r) => r.rule) });
  const events: ForecastEvent[] = [];
  split.shares.forEach((share, i) => {
    const accountId = nest.rules[i]?.accountId;
    if (accountId && share > 0)
      events.push({ date: item.date, accountId, amountCents: share, kind: 'nest', label: item.label });
  });
  if (split.restCents > 0) {
    events.push({
      date: item.date,
      accountId: nest.walletAccountId,
      amountCents: split.restCents,
      kind: 'nest',
      label: item.label,
    });
  }
  return events;
}

/** Each loan's payments on its due dates after `today` up to `to`. */
export function loanPaymentEvents(loans: readonly ForecastLoan[], today: Day, to: Day): ForecastEvent[] {
  const events: ForecastEvent[] = [];
  for (const loan of loans) {
    if (loan.paymentCents <= 0) continue;
    for (
      let due = nextDueDate(loan.dueDate, addDays(today, 1), loan.dueDay);
      due <= to;
      due = followingDueDate(due, loan.dueDay)
    ) {
      events.push({
        date: due,
        accountId: loan.payAccountId,
        amountCents: -loan.paymentCents,
        kind: 'loan_payment',
        label: loan.name,
      });
    }
  }
  return events;
}

/**
 * What the budget leaves to spend, spread evenly over the days: this month's plan less what was spent
 * so far and the bills and subscriptions still expected in it, over the days after today to the
 * month's end; each later month's plan less its expected bills, over all of its days. Never below 0.
 */
export function budgetEvents(inputs: ForecastInputs, to: Day): ForecastEvent[] {
  const { accountId, months, spentThisMonthCents } = inputs.budget;
  if (!accountId) return [];
  const events: ForecastEvent[] = [];
  const thisMonth = monthOf(inputs.today);
  for (const plan of months) {
    if (plan.month < thisMonth) continue;
    const first = plan.month === thisMonth ? addDays(inputs.today, 1) : firstDayOf(plan.month);
    const last = lastDayOf(plan.month);
    if (first > last || first > to) continue;
    const bills = inputs.expected
      .filter((e) => !e.paid && e.amountCents < 0 && (e.kind === 'bill' || e.kind === 'subscription'))
      .filter((e) => e.date >= first && e.date <= last)
      .reduce((sum, e) => sum - e.amountCents, 0);
    const spent = plan.month === thisMonth ? spentThisMonthCents : 0;
    const left = Math.max(0, plan.plannedCents - spent - bills);
    const n = daysBetween(first, last) + 1;
    const parts = spreadEvenly(-left, n);
    parts.forEach((amountCents, i) => {
      const date = addDays(first, i);
      if (amountCents !== 0 && date <= to)
        events.push({ date, accountId, amountCents, kind: 'budget', label: 'Budget' });
    });
  }
  return events;
}

/** Every dated event of the inputs: the series (through the Nest or not), the loans, the budget. */
export function forecastEvents(inputs: ForecastInputs): ForecastEvent[] {
  const to = addDays(inputs.today, inputs.days);
  const events: ForecastEvent[] = [];
  for (const e of inputs.expected) {
    if (e.paid) continue;
    if (e.kind === 'income' && e.throughNest && inputs.nest && e.amountCents > 0) {
      events.push(...nestDepositEvents({ date: e.date, amountCents: e.amountCents, label: e.name }, inputs.nest));
      continue;
    }
    events.push({ date: e.date, accountId: e.accountId, amountCents: e.amountCents, kind: e.kind, label: e.name });
    if (e.kind === 'transfer' && e.toAccountId) {
      events.push({
        date: e.date,
        accountId: e.toAccountId,
        amountCents: -e.amountCents,
        kind: 'transfer',
        label: e.name,
      });
    }
  }
  events.push(...loanPaymentEvents(inputs.loans, inputs.today, to));
  events.push(...budgetEvents(inputs, to));
  return events;
}

/**
 * Walks the days after today: each day's balances are the day before's plus that day's events. An
 * event due today or before and not yet paid is still expected: it lands on the first day. Events of
 * accounts outside the forecast, or past its end, are left out.
 */
export function forecastBalances(
  inputs: Pick<ForecastInputs, 'today' | 'days' | 'accounts'>,
  events: readonly ForecastEvent[],
): Forecast {
  const { today, days, accounts } = inputs;
  const balances: Record<string, number> = {};
  for (const a of accounts) balances[a.id] = a.balanceCents;
  const sum = (b: Record<string, number>) => Object.values(b).reduce((s, v) => s + v, 0);
  const start = { balances: { ...balances }, totalCents: sum(balances) };
  const byDay = new Map<number, ForecastEvent[]>();
  for (const e of events) {
    if (!(e.accountId in balances)) continue;
    const index = Math.max(1, daysBetween(today, e.date));
    if (index > days) continue;
    const list = byDay.get(index) ?? [];
    list.push({ ...e, date: addDays(today, index) });
    byDay.set(index, list);
  }
  const out: ForecastDay[] = [];
  for (let i = 1; i <= days; i++) {
    const dayEvents = byDay.get(i) ?? [];
    for (const e of dayEvents) balances[e.accountId] = (balances[e.accountId] ?? 0) + e.amountCents;
    out.push({ date: addDays(today, i), balances: { ...balances }, totalCents: sum(balances), events: dayEvents });
  }
  return { today, start, days: out };
}

/** The forecast of the inputs: `forecastBalances` of `forecastEvents`. */
export function forecast(inputs: ForecastInputs): Forecast {
  return forecastBalances(inputs, forecastEvents(inputs));
}

/** The next payday: the first income still expected after today, or null. */
export function nextPayday(expected: readonly ExpectedItem[], today: Day): Day | null {
  let best: Day | null = null;
  for (const e of expected) {
    if (e.kind === 'income' && !e.paid && e.amountCents > 0 && e.date > today && (best === null || e.date < best))
      best = e.date;
  }
  return best;
}

export interface Lowest {
  cents: number;
  date: Day;
}

/**
 * The lowest balance of each account and of the total from today up to the day before `payday`
 * (no payday: the whole forecast); the earliest day on a tie.
 */
export function lowestBeforePayday(
  f: Forecast,
  payday: Day | null,
): { accounts: Record<string, Lowest>; total: Lowest } {
  const points = [
    { date: f.today, balances: f.start.balances, totalCents: f.start.totalCents },
    ...f.days.filter((d) => payday === null || d.date < payday),
  ];
  const accounts: Record<string, Lowest> = {};
  let total: Lowest = { cents: f.start.totalCents, date: f.today };
  for (const p of points) {
    for (const [id, cents] of Object.entries(p.balances)) {
      const low = accounts[id];
      if (!low || cents < low.cents) accounts[id] = { cents, date: p.date };
    }
    if (p.totalCents < total.cents) total = { cents: p.totalCents, date: p.date };
  }
  return { accounts, total };
}

/** How far ahead a dip is an alert. */
export const ALERT_HORIZON_DAYS = 45;

/**
 * The accounts forecast below their floor (below $0 by default: a floor of 0 alerts on −$0.01) on
 * any day of the next `horizon` days: the first such day and its balance.
 */
export function dips(
  f: Forecast,
  floorOf: (accountId: string) => number,
  horizon: number = ALERT_HORIZON_DAYS,
): Map<string, Lowest> {
  const found = new Map<string, Lowest>();
  for (const day of f.days.slice(0, horizon)) {
    for (const [id, cents] of Object.entries(day.balances)) {
      if (!found.has(id) && cents < floorOf(id)) found.set(id, { cents, date: day.date });
    }
  }
  return found;
}

/**
 * One alert per episode: an account that dips and has no open episode opens one (and is alerted); an
 * open episode whose account no longer dips ends. Nothing happens to one that keeps dipping.
 */
export function episodeChanges(
  open: ReadonlySet<string>,
  dipping: ReadonlyMap<string, unknown>,
): { start: string[]; end: string[] } {
  return {
    start: [...dipping.keys()].filter((id) => !open.has(id)).sort(),
    end: [...open].filter((id) => !dipping.has(id)).sort(),
  };
}

/** The months from today's to the one the window of `days` ends in: the budget plans a forecast needs. */
export function monthsReached(today: Day, days: number): Month[] {
  const last = monthOf(addDays(today, days));
  const out: Month[] = [];
  for (let m = monthOf(today); m <= last; m = nextMonth(m)) out.push(m);
  return out;
}

import type { LoanBucket, LoanBucketBody } from '@helo/contract/loan-bucket';
import type { Db } from '@helo/db/client';
import type { NestAccountRow } from '@helo/db/schema';
import {
  addDays,
  addMonthsToMonth,
  firstDayOf,
  lastDayOf,
  monthOf,
  nextMonth,
  previousMonth,
} from '@helo/finance/calendar';
import { cents, centsToDollars } from '@helo/finance/cents';
import { nextDueDate } from '@helo/finance/due-date';
import { bucketMonthInterest, pullsFor, pullsOn, setAsideByLoan } from '@helo/finance/loan-bucket';
import { rateInTenThousandths } from '@helo/finance/monthly-interest';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import { moneyChanged } from '../../lib/money-changed.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailMessage } from '../../mail/templates.ts';
import {
  accountsOfKinds,
  dailyBalances,
  findLiveExternal,
  type LedgerAccount,
  liveJournalsOfKind,
  loanPaymentsAccount,
  outsideAccount,
  post,
  walletAccount,
} from '../ledger/index.ts';
import {
  type BucketLoan,
  bucketLoans,
  findNestAccount,
  lockNestAccount,
  nestsAfter,
  saveLoanBucketRate,
  settleBucketInterest,
} from './nest.repository.ts';
import { type NestService, NOT_ACTIVE } from './nest.service.ts';
import type { NestIncomeSchedule } from './nest-income.ts';
import { BUCKET_INTEREST, DEPOSIT, LOAN_PULL } from './nest-view.ts';

export { BUCKET_INTEREST, LOAN_PULL };

/** How far back a run catches up paydays and pulls it missed (a server down for a few days). */
const CATCH_UP_DAYS = 6;
/** How far ahead the pulls to come are shown. */
const AHEAD_DAYS = 62;
/** Paydays read before a pull's day: the two before a due date lie within a month of it. */
const BEHIND_DAYS = 40;
/** A real deposit this many days from a payday is that payday's (as a bank row is linked to a deposit). */
const NEAR_DAYS = 3;
/** At most this many months of interest settled in one run. */
const MAX_INTEREST_MONTHS = 12;
const BATCH = 200;

export interface PaydaysResult {
  /** "Record it for me" incomes recorded as Nest deposits. */
  recorded: number;
  /** Pulls into Loan payments. */
  pulled: number;
  /** Months of bucket interest posted. */
  interest: number;
}

/** The first due date after `day` of a loan (its stored date rolled on when it has passed). */
const dueAfter = (loan: BucketLoan, day: string) => nextDueDate(loan.dueDate, addDays(day, 1), loan.dueDay);

/**
 * The Nest on paydays and the loan bucket (issue 30 item 3; decisions.md "The loan bucket"). Once a
 * day, for every active Nest, in one transaction holding the Nest's row: the "record it for me"
 * incomes due are recorded as deposits split by the rules (once per series and date, even reversed,
 * and not when a real deposit of the amount is within 3 days); each loan's payment is pulled from the
 * Wallet into Loan payments in two halves on the two paydays before its due date (only what the
 * bucket lacks); the past month's interest is posted at the rate the user gave. The loans' own job
 * pays each loan from the bucket on its due date. Paydays come from the recurring series through
 * `NestIncomeSchedule`, handed in at assembly.
 */
export class LoanBucketService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #nest: NestService;
  readonly #schedule: NestIncomeSchedule;

  constructor(db: Db, clock: Clock, mailer: Mailer, nest: NestService, schedule: NestIncomeSchedule) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#nest = nest;
    this.#schedule = schedule;
  }

  /** The job: every active Nest's paydays, pulls and interest up to today (New York), a user per transaction. */
  async runDay(): Promise<PaydaysResult> {
    const result: PaydaysResult = { recorded: 0, pulled: 0, interest: 0 };
    let after: string | null = null;
    for (;;) {
      const nests = await nestsAfter(this.#db, after, BATCH);
      for (const { userId } of nests) {
        const one = await this.runUser(userId);
        result.recorded += one.recorded;
        result.pulled += one.pulled;
        result.interest += one.interest;
      }
      const last = nests.at(-1);
      if (!last || nests.length < BATCH) return result;
      after = last.userId;
    }
  }

  /** One user's paydays, pulls and interest, in one transaction. */
  async runUser(userId: string): Promise<PaydaysResult> {
    const now = this.#clock.now();
    const today = productToday(now);
    const mails: MailMessage[] = [];
    const result = await this.#db.transaction(async (tx) => {
      const done: PaydaysResult = { recorded: 0, pulled: 0, interest: 0 };
      const nest = await lockNestAccount(tx, userId);
      if (!nest) return done;
      const activation = productToday(nest.activatedAt);
      const from = maxDay(activation, addDays(today, -CATCH_UP_DAYS));
      done.recorded = await this.#recordPaydays(tx, userId, from, today, now, mails);
      done.pulled = await this.#pull(tx, userId, from, today, now);
      done.interest = await this.#interest(tx, userId, nest, activation, today, now);
      return done;
    });
    this.#mailer.afterCommit(mails);
    // A payday recorded or a pull made changes what the forecast sees.
    if (result.recorded + result.pulled + result.interest > 0) moneyChanged(userId);
    return result;
  }

  /** The bucket as My Loans' "Loan pay account" tab shows it. */
  async view(userId: string): Promise<LoanBucket> {
    return this.#view(this.#db, userId, await findNestAccount(this.#db, userId));
  }

  /** Sets the yearly rate the bucket earns (409 before the Nest is active). */
  async saveRate(userId: string, body: LoanBucketBody): Promise<LoanBucket> {
    const rate = rateInTenThousandths(body.rate);
    return this.#db.transaction(async (tx) => {
      const nest = await lockNestAccount(tx, userId);
      if (!nest) throw conflict(NOT_ACTIVE);
      await saveLoanBucketRate(tx, userId, rate);
      return this.#view(tx, userId, { ...nest, loanBucketRate: rate });
    });
  }

  /** Records the "record it for me" incomes due from `from` to today not recorded yet. */
  async #recordPaydays(tx: Db, userId: string, from: string, today: string, now: Date, mails: MailMessage[]) {
    const due = (await this.#schedule.nestIncome(tx, userId, from, today)).filter(
      (p) => p.recordForMe && p.date >= from && p.date <= today && p.amountCents > 0,
    );
    if (due.length === 0) return 0;
    const income = await outsideAccount(tx, userId, 'income');
    let recorded = 0;
    for (const payday of due.sort((a, b) => a.date.localeCompare(b.date))) {
      const key = `payday:${payday.seriesId}:${payday.date}`;
      // Once per series and date, even when the user reversed it since.
      if (await findLiveExternal(tx, income.id, key, { reversed: true })) continue;
      // The real deposit recorded already (by hand, or from the bank through the Nest): not twice.
      const deposits = await liveJournalsOfKind(tx, userId, [income.id], DEPOSIT);
      const near = deposits.some(
        (d) =>
          -d.amountCents === payday.amountCents &&
          d.date >= addDays(payday.date, -NEAR_DAYS) &&
          d.date <= addDays(payday.date, NEAR_DAYS),
      );
      if (near) continue;
      await this.#nest.depositIn(
        tx,
        userId,
        {
          date: payday.date,
          amountCents: cents(payday.amountCents),
          source: payday.name,
          key: { accountId: income.id, id: key },
        },
        now,
        mails,
      );
      recorded += 1;
    }
    return recorded;
  }

  /** The pulls of the paydays from `from` to today: each loan's half (or whole), only what the bucket lacks. */
  async #pull(tx: Db, userId: string, from: string, today: string, now: Date): Promise<number> {
    const loans = (await bucketLoans(tx, userId)).filter((l) => l.monthlyPaymentCents > 0);
    if (loans.length === 0) return 0;
    // The paydays around: a pull's day is one of the two last before its due date, which lies ahead.
    const paydays = await this.#paydays(tx, userId, addDays(from, -BEHIND_DAYS), addDays(today, AHEAD_DAYS));
    const todo = paydays.filter((d) => d >= from && d <= today);
    if (todo.length === 0) return 0;
    const names = await loanNames(tx, userId);
    let pulled = 0;
    for (const day of todo) {
      const bucket = await loanPaymentsAccount(tx, userId, now);
      const plan = pullsOn(
        day,
        bucket.balanceCents,
        loans.map((l) => ({
          id: l.id,
          pulls: pullsFor({
            dueDate: dueAfter(l, day),
            dueDay: l.dueDay,
            paymentCents: l.monthlyPaymentCents,
            paydays,
          }),
        })),
      );
      for (const [loanId, pull] of plan) {
        if (pull.takeCents <= 0) continue;
        const key = `pull:${loanId}:${pull.dueDate}:${pull.part}`;
        if (await findLiveExternal(tx, bucket.id, key, { reversed: true })) continue;
        const wallet = await walletAccount(tx, userId, now);
        await post(tx, userId, {
          date: day,
          kind: LOAN_PULL,
          description: `Set aside for ${names.get(loanId) ?? 'a loan'}`,
          createdAt: now,
          externalId: key,
          externalAccountId: bucket.id,
          lines: [
            { accountId: wallet.id, amountCents: cents(-pull.takeCents) },
            { accountId: bucket.id, amountCents: pull.takeCents },
          ],
        });
        pulled += 1;
      }
    }
    return pulled;
  }

  /** The months since the last settled one up to last month: their interest at the rate set, then marked settled. */
  async #interest(
    tx: Db,
    userId: string,
    nest: NestAccountRow,
    activation: string,
    today: string,
    now: Date,
  ): Promise<number> {
    const last = previousMonth(monthOf(today));
    // From the month after the last settled, or the Nest's first month (at most a year back).
    const earliest = addMonthsToMonth(last, 1 - MAX_INTEREST_MONTHS);
    let month = nest.loanBucketInterestMonth
      ? nextMonth(nest.loanBucketInterestMonth)
      : maxDay(monthOf(activation), earliest);
    if (month > last) return 0;
    const bucket = await loanPaymentsAccount(tx, userId, now);
    const balances = (await dailyBalances(tx, userId, [bucket.id])).get(bucket.id) ?? [];
    let posted = 0;
    for (let i = 0; i < MAX_INTEREST_MONTHS && month <= last; i += 1) {
      const key = `interest:${month}`;
      const first = firstDayOf(month);
      const opening = balances.filter((b) => b.date < first).at(-1)?.balanceCents ?? 0;
      const interest = bucketMonthInterest({
        month,
        openingCents: opening,
        balances,
        rateTenThousandths: nest.loanBucketRate,
      });
      if (interest > 0 && !(await findLiveExternal(tx, bucket.id, key, { reversed: true }))) {
        const source = await outsideAccount(tx, userId, 'interest');
        await post(tx, userId, {
          date: lastDayOf(month),
          kind: BUCKET_INTEREST,
          description: 'Interest on Loan payments',
          createdAt: now,
          externalId: key,
          externalAccountId: bucket.id,
          lines: [
            { accountId: source.id, amountCents: cents(-interest) },
            { accountId: bucket.id, amountCents: interest },
          ],
        });
        posted += 1;
      }
      await settleBucketInterest(tx, userId, month);
      month = nextMonth(month);
    }
    return posted;
  }

  /** The dates of the user's paydays (incomes through the Nest) from `from` to `to`, in order, once each. */
  async #paydays(db: Db, userId: string, from: string, to: string): Promise<string[]> {
    const incomes = await this.#schedule.nestIncome(db, userId, from, to);
    return [...new Set(incomes.filter((p) => p.date >= from && p.date <= to).map((p) => p.date))].sort();
  }

  async #view(db: Db, userId: string, nest: NestAccountRow | undefined): Promise<LoanBucket> {
    const rate = (nest?.loanBucketRate ?? 0) / 10_000;
    const empty: LoanBucket = {
      active: false,
      balance: centsToDollars(cents(0)),
      rate,
      interest_earned: centsToDollars(cents(0)),
      interest_through: null,
      has_paydays: false,
      loans: [],
      next_pulls: [],
    };
    if (!nest) return empty;
    const today = productToday(this.#clock.now());
    const [bucket] = (await accountsOfKinds(db, userId, ['loan_payments'])).filter((a) => a.subjectId === userId);
    const balance = bucket?.balanceCents ?? cents(0);
    const interest = bucket ? await liveJournalsOfKind(db, userId, [bucket.id], BUCKET_INTEREST) : [];
    const loans = (await bucketLoans(db, userId)).filter((l) => l.monthlyPaymentCents > 0);
    const names = await loanNames(db, userId);
    const setAside = setAsideByLoan(
      balance,
      loans.map((l) => l.monthlyPaymentCents),
    );
    const paydays = await this.#paydays(db, userId, addDays(today, -BEHIND_DAYS), addDays(today, AHEAD_DAYS));
    const horizon = addDays(today, AHEAD_DAYS);
    const next = loans.flatMap((l) => {
      const name = names.get(l.id) ?? 'Loan';
      const out: LoanBucket['next_pulls'] = [];
      // This due date's pulls and the next ones', while they fall in the window.
      let due = nextDueDate(l.dueDate, today, l.dueDay);
      while (due <= addDays(horizon, 31)) {
        for (const p of pullsFor({ dueDate: due, dueDay: l.dueDay, paymentCents: l.monthlyPaymentCents, paydays })) {
          if (p.day > today && p.day <= horizon) {
            out.push({ date: p.day, loan_id: l.id, name, due_date: due, amount: centsToDollars(p.amountCents) });
          }
        }
        due = nextDueDate(due, addDays(due, 1), l.dueDay);
      }
      return out;
    });
    const order = new Map(loans.map((l, i) => [l.id, i]));
    next.sort((a, b) => a.date.localeCompare(b.date) || (order.get(a.loan_id) ?? 0) - (order.get(b.loan_id) ?? 0));
    return {
      active: true,
      balance: centsToDollars(balance),
      rate,
      interest_earned: centsToDollars(cents(interest.reduce((s, j) => s + j.amountCents, 0))),
      interest_through: nest.loanBucketInterestMonth,
      has_paydays: paydays.length > 0,
      loans: loans.map((l, i) => ({
        loan_id: l.id,
        name: names.get(l.id) ?? 'Loan',
        due_date: nextDueDate(l.dueDate, today, l.dueDay),
        payment: centsToDollars(cents(l.monthlyPaymentCents)),
        set_aside: centsToDollars(setAside[i] ?? cents(0)),
      })),
      next_pulls: next,
    };
  }
}

/** The loans' names as their ledger accounts carry them (kept named after the loan), by the loan's id. */
async function loanNames(db: Db, userId: string): Promise<Map<string, string>> {
  const accounts: LedgerAccount[] = await accountsOfKinds(db, userId, ['loan']);
  return new Map(accounts.flatMap((a) => (a.subjectId ? [[a.subjectId, a.name] as const] : [])));
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

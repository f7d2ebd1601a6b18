import type { ForecastAccount, Forecast as ForecastWire } from '@helo/contract/forecast';
import { FORECAST_ALERT_DAYS } from '@helo/contract/forecast';
import type { Nest } from '@helo/contract/nest';
import { DEFAULT_REMINDER_PREFERENCES } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import type { AllocationRule } from '@helo/finance/allocation';
import { firstDayOf, lastDayOf, longDayLabel, monthOf, nextMonth } from '@helo/finance/calendar';
import { type Cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import {
  dips,
  episodeChanges,
  type Forecast,
  type ForecastBudgetMonth,
  type ForecastInputs,
  forecast,
  type Lowest,
  lowestBeforePayday,
  monthsReached,
  nextPayday,
} from '@helo/finance/forecast';
import { formatCents } from '@helo/finance/format';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { invalidField } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { lowBalanceMail, type MailMessage } from '../../mail/templates.ts';
import { budgetExpensesAsOf, findBudgetByMonth } from '../budgets/index.ts';
import { accountsOfKinds, type LedgerAccount, monthSums } from '../ledger/index.ts';
import type { NestService } from '../nest/index.ts';
import { findReminderPreferences, insertNotification } from '../notifications/index.ts';
import { listUserDebtsIn, loanName } from '../user-debts/index.ts';
import type { ExpectedMoney } from './expected-money.ts';
import { alertsOf, closeEpisodes, findFloors, openEpisode, saveFloors, userIdsAfter } from './forecast.repository.ts';

/** The accounts a forecast follows: what the user spends from and the Nest's Loan payments. */
export const FORECAST_KINDS = ['checking', 'savings', 'cash', 'credit_card', 'loan_payments'] as const;
const BATCH = 200;

/** The Nest's rules as the forecast reads them: `NestService.get` is all it uses of the Nest. */
export type NestReader = Pick<NestService, 'get'>;

export interface ForecastSettingsInput {
  floor: number;
  account_floors: { account_id: string; floor: number | null }[];
}

/**
 * The balance forecast (issue 30 item 4; decisions.md "The balance forecast"): reads today's balances
 * and everything expected, hands them to `@helo/finance/forecast`, and keeps the low-balance alert:
 * one notification (and an email when payment reminders are on) per episode of an account forecast
 * below its floor in the next 45 days, brought up to date whenever the user's money changes.
 */
export class ForecastService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #expected: ExpectedMoney;
  readonly #nest: NestReader;

  constructor(db: Db, clock: Clock, mailer: Mailer, expected: ExpectedMoney, nest: NestReader) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#expected = expected;
    this.#nest = nest;
  }

  /** GET /v1/forecast?days= */
  async get(userId: string, days: number): Promise<ForecastWire> {
    const today = productToday(this.#clock.now());
    const { inputs, accounts } = await this.inputs(this.#db, userId, today, days, await this.#nest.get(userId));
    const f = forecast(inputs);
    const floors = await findFloors(this.#db, userId);
    const floorOf = floorsOf(accounts, floors);
    const payday = nextPayday(inputs.expected, today);
    const low = lowestBeforePayday(f, payday);
    const dipping = dips(f, floorOf, FORECAST_ALERT_DAYS);
    const wireLow = (l: Lowest | undefined, fallback: number) => ({
      amount: centsToDollars(l?.cents ?? fallback),
      date: l?.date ?? today,
    });
    return {
      today,
      next_payday: payday,
      total: centsToDollars(f.start.totalCents),
      floor: centsToDollars(floors.floorCents),
      lowest_before_payday: wireLow(low.total, f.start.totalCents),
      accounts: accounts.map(
        (a): ForecastAccount => ({
          id: a.id,
          name: a.name,
          kind: a.kind,
          balance: centsToDollars(a.balanceCents),
          floor: a.kind === 'credit_card' ? null : centsToDollars(floorOf(a.id)),
          lowest_before_payday: wireLow(low.accounts[a.id], a.balanceCents),
          first_dip: dipping.has(a.id) ? wireLow(dipping.get(a.id), 0) : null,
        }),
      ),
      days: f.days.map((d) => ({
        date: d.date,
        total: centsToDollars(d.totalCents),
        balances: Object.fromEntries(Object.entries(d.balances).map(([id, c]) => [id, centsToDollars(c)])),
        events: d.events.map((e) => ({
          account_id: e.accountId,
          kind: e.kind,
          label: e.label,
          amount: centsToDollars(e.amountCents),
        })),
      })),
    };
  }

  /** The forecast's inputs as of `today`: balances, the series, the Nest, the loans and the budget. */
  async inputs(
    db: Db,
    userId: string,
    today: string,
    days: number,
    nestView: Nest,
  ): Promise<{ inputs: ForecastInputs; accounts: LedgerAccount[] }> {
    // The Wallet first, then by kind in FORECAST_KINDS' order, oldest first within a kind.
    const rank = (a: LedgerAccount) =>
      a.kind === 'checking' && a.subjectId === userId
        ? -1
        : FORECAST_KINDS.indexOf(a.kind as (typeof FORECAST_KINDS)[number]);
    const accounts = (await accountsOfKinds(db, userId, FORECAST_KINDS))
      .filter((a) => a.closedAt === null)
      .sort((a, b) => rank(a) - rank(b));
    const checking = accounts.filter((a) => a.kind === 'checking');
    const wallet = checking.find((a) => a.subjectId === userId) ?? checking[0];
    const loanBucket = accounts.find((a) => a.kind === 'loan_payments');
    const nest: ForecastInputs['nest'] =
      nestView.active && wallet
        ? {
            walletAccountId: wallet.id,
            rules: nestView.rules.map((r) => ({
              accountId: r.bucket === 'wallet' ? wallet.id : r.bucket === 'loans' ? (loanBucket?.id ?? null) : null,
              rule: (r.kind === 'fixed'
                ? { kind: 'fixed', value: dollarsToCents(r.value) }
                : { kind: 'percent', value: r.value }) satisfies AllocationRule,
            })),
          }
        : null;
    const payFrom = nest && loanBucket ? loanBucket.id : wallet?.id;
    const loans = payFrom
      ? (await listUserDebtsIn(db, userId)).map((d) => ({
          name: d.row.nickname ?? loanName(d),
          paymentCents: d.row.monthlyPaymentCents,
          dueDate: d.row.dueDate,
          dueDay: d.row.dueDay,
          payAccountId: payFrom,
        }))
      : [];
    const months = monthsReached(today, days);
    const last = lastDayOf(months.at(-1) ?? monthOf(today));
    const expected = await this.#expected.occurrences(db, userId, today, last);
    const plans: ForecastBudgetMonth[] = [];
    for (const month of months) {
      const planned = await plannedSpending(db, userId, month);
      if (planned !== undefined) plans.push({ month, plannedCents: planned });
    }
    const spending = await accountsOfKinds(db, userId, ['spending']);
    const thisMonth = monthOf(today);
    const sums = await monthSums(
      db,
      userId,
      spending.map((a) => a.id),
      firstDayOf(thisMonth),
      firstDayOf(nextMonth(thisMonth)),
    );
    const spent = [...sums.values()].reduce((s, c) => s + c, 0);
    return {
      accounts,
      inputs: {
        today,
        days,
        accounts: accounts.map((a) => ({ id: a.id, balanceCents: a.balanceCents })),
        expected,
        nest,
        loans,
        budget: { accountId: wallet?.id ?? null, months: plans, spentThisMonthCents: spent },
      },
    };
  }

  async settings(userId: string) {
    const floors = await findFloors(this.#db, userId);
    return {
      floor: centsToDollars(floors.floorCents),
      account_floors: [...floors.accounts].map(([id, c]) => ({ account_id: id, floor: centsToDollars(c) })),
    };
  }

  /** PUT /v1/forecast/settings: the floor, then the alert brought up to date against it. */
  async saveSettings(userId: string, body: ForecastSettingsInput) {
    await this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const own = new Set((await accountsOfKinds(tx, userId, FORECAST_KINDS)).map((a) => a.id));
      const accounts = body.account_floors.map((a, i) => {
        const id = a.account_id.toLowerCase();
        if (!isUuid(id) || !own.has(id))
          throw invalidField(`account_floors.${i}.account_id`, 'Choose one of your accounts');
        return { accountId: id, floorCents: a.floor === null ? null : dollarsToCents(a.floor) };
      });
      await saveFloors(tx, userId, dollarsToCents(body.floor), accounts, this.#clock.now());
    });
    await this.refreshAlerts(userId);
    return this.settings(userId);
  }

  /**
   * Brings the user's low-balance alert up to date: an account that now dips below its floor in the
   * next 45 days and had no open episode opens one and is told once (a notification, an email when
   * payment reminders are on); an episode whose account no longer dips ends. Answers the alerts sent.
   */
  async refreshAlerts(userId: string): Promise<number> {
    const now = this.#clock.now();
    const today = productToday(now);
    const mails: MailMessage[] = [];
    // The Nest's rules are read on its own connection, before the transaction (PGlite has one).
    const nestView = await this.#nest.get(userId);
    const sent = await this.#db.transaction(async (tx) => {
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return 0;
      await lockUser(tx, userId);
      const { inputs, accounts } = await this.inputs(tx, userId, today, FORECAST_ALERT_DAYS, nestView);
      if (accounts.length === 0) return 0;
      const f: Forecast = forecast(inputs);
      const floors = await findFloors(tx, userId);
      const floorOf = floorsOf(accounts, floors);
      const dipping = dips(f, floorOf, FORECAST_ALERT_DAYS);
      const rows = await alertsOf(tx, userId);
      const changes = episodeChanges(new Set(rows.filter((r) => r.open).map((r) => r.accountId)), dipping);
      await closeEpisodes(tx, userId, changes.end, now);
      const prefs = await findReminderPreferences(tx, userId);
      const wantsEmail = prefs?.paymentDueReminders ?? DEFAULT_REMINDER_PREFERENCES.payment_due_reminders;
      let count = 0;
      for (const accountId of changes.start) {
        const dip = dipping.get(accountId);
        const account = accounts.find((a) => a.id === accountId);
        if (!dip || !account) continue;
        const episode = await openEpisode(tx, userId, accountId, dip.date, now);
        const floor = floorOf(accountId);
        const below = floor > 0 ? `below your floor of ${formatCents(floor)}` : 'below $0';
        const message = `${account.name} is forecast to fall ${below} on ${longDayLabel(dip.date)} (${formatCents(dip.cents)}).`;
        const written = await insertNotification(
          tx,
          userId,
          {
            kind: 'forecast_low_balance',
            title: 'Low balance ahead',
            message,
            dedupeKey: `forecast-low:${accountId}:${episode}`,
          },
          now,
        );
        if (!written) continue;
        count += 1;
        if (wantsEmail) {
          const mail = lowBalanceMail(user.email, user.firstName, message);
          await this.#mailer.queue(tx, mail);
          mails.push(mail);
        }
      }
      return count;
    });
    this.#mailer.afterCommit(mails);
    return sent;
  }

  /** The daily backstop: every user's alert brought up to date, a user per transaction. */
  async refreshAll(): Promise<{ users: number; alerts: number }> {
    const result = { users: 0, alerts: 0 };
    let after: string | null = null;
    for (;;) {
      const ids = await userIdsAfter(this.#db, after, BATCH);
      for (const id of ids) {
        result.alerts += await this.refreshAlerts(id);
        result.users += 1;
      }
      if (ids.length < BATCH) return result;
      after = ids.at(-1) ?? null;
    }
  }
}

/**
 * Each account's floor: its own if set, else the user's for the accounts spent from (checking, savings,
 * cash), $0 for the Nest's Loan payments; a credit card (a balance owed, always below $0) has none.
 */
function floorsOf(accounts: readonly LedgerAccount[], floors: { floorCents: number; accounts: Map<string, number> }) {
  const kinds = new Map(accounts.map((a) => [a.id, a.kind]));
  return (id: string): number => {
    const kind = kinds.get(id);
    if (kind === 'credit_card') return Number.NEGATIVE_INFINITY;
    return floors.accounts.get(id) ?? (kind === 'loan_payments' ? 0 : floors.floorCents);
  };
}

/**
 * The month's planned spending: its budget's needs and wants (or the latest budget's before it), less
 * the debt payments category (the loans are forecast on their own due dates). Undefined: no budget.
 */
async function plannedSpending(db: Db, userId: string, month: string): Promise<number | undefined> {
  let budget = await findBudgetByMonth(db, userId, month);
  if (!budget) {
    const latest = await budgetExpensesAsOf(db, userId, month);
    if (!latest) return undefined;
    budget = await findBudgetByMonth(db, userId, latest.month);
  }
  if (!budget) return undefined;
  return budget.categories
    .filter((c) => (c.group === 'needs' || c.group === 'wants') && c.preset !== 'debt_payments')
    .reduce((s, c) => s + (c.plannedCents as Cents), 0);
}

import {
  DEFAULT_INFLATION_PERCENT,
  type Investment,
  type investmentAccountBody,
  type investmentAccountUpdateBody,
  type investmentProfileBody,
  type investmentProfileUpdateBody,
  MAX_AGE,
  MAX_INVESTMENT_ACCOUNTS,
  MIN_AGE,
} from '@helo/contract/investments';
import { MAX_DOLLARS } from '@helo/contract/money';
import type { Db } from '@helo/db/client';
import type { InvestmentAccountRow } from '@helo/db/schema';
import { addDays } from '@helo/finance/calendar';
import { type Cents, cents, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import type { Line } from '@helo/finance/ledger';
import { ProjectionTooLargeError } from '@helo/finance/retirement';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  accountsOfKinds,
  balanceOn,
  dailyBalances,
  ensureAccount,
  type LedgerAccount,
  outsideAccount,
  post,
  postMany,
  renameAccount,
  subjectAccount,
} from '../ledger/index.ts';
import {
  type AccountWithBalance,
  type BalanceHistory,
  currentAgeOf,
  investmentView,
  projectionOf,
} from './investment-view.ts';
import {
  type AccountValues,
  accountCount,
  deleteAccount,
  findProfile,
  insertAccount,
  insertProfile,
  listAccounts,
  lockAccount,
  lockProfile,
  type ProfileValues,
  updateAccount,
  updateProfile,
} from './investments.repository.ts';

export const NO_PROFILE = 'No investment profile yet';
export const NO_ACCOUNT = 'Account not found';
export const PROFILE_EXISTS = 'You already have an investment profile. Reload to see it.';
export const STALE_PROFILE =
  'Your retirement profile was changed in another tab or device. Reload to see the latest, then make your change again.';
export const STALE_ACCOUNT =
  'This account was changed in another tab or device. Reload to see the latest, then make your change again.';
export const TOO_MANY_ACCOUNTS = `You can track at most ${MAX_INVESTMENT_ACCOUNTS} accounts. Delete one you no longer need to add another.`;
export const RETURN_TOO_HIGH =
  'Expected return is too high for this balance over so many years: the projection grows past what we can count. Lower it.';
/** The most an account may hold, the same bound as any one amount the API takes. */
const MAX_BALANCE_CENTS = MAX_DOLLARS * 100;
export const AGE_TOO_FAR =
  'The projection to this age grows past what we can count: choose an earlier retirement age or lower the returns.';

export type ProfileInput = z.output<typeof investmentProfileBody>;
export type ProfileUpdateInput = z.output<typeof investmentProfileUpdateBody>;
export type AccountInput = z.output<typeof investmentAccountBody>;
export type AccountUpdateInput = z.output<typeof investmentAccountUpdateBody>;

const line = (accountId: string, amountCents: number): Line => ({ accountId, amountCents: amountCents as Cents });

/**
 * The user's investment profile and accounts (issue 14, decisions.md "Investments and retirement").
 * An account's money is its account in the ledger (issue 27): its first balance an opening journal,
 * a balance typed later a valuation journal against "Change in value", a Money Nest share a journal
 * into it. Its history is that account's balance at the end of each day it moved. Every write
 * answers the whole profile, and refuses one whose projection could not be counted in exact cents,
 * naming the field that caused it. Writes that can lengthen or raise the projection lock the
 * profile's row, so two that fit alone can not together store one that does not. Lock order: the
 * account's row, the profile's, then the ledger's accounts.
 */
export class InvestmentsService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async get(userId: string): Promise<Investment> {
    const today = productToday(this.#clock.now());
    const view = await this.#view(this.#db, userId, today);
    if (!view) throw notFound(NO_PROFILE);
    return view;
  }

  /** The profile with its first accounts; a second create is a 409, even when two arrive at once. */
  create(userId: string, body: ProfileInput): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      const profile = profileValues(body);
      checkAges(profile, today);
      for (const [i, account] of body.accounts.entries()) {
        checkBalanceDay(account.balance_on, today, `accounts.${i}.balance_on`);
      }
      if (!(await insertProfile(tx, userId, profile, now))) throw conflict(PROFILE_EXISTS);
      const rows = body.accounts.map((a) => ({ ...accountValues(a), balanceCents: dollarsToCents(a.balance) }));
      overflowCheck(profile, rows, today, (i) =>
        i === null ? 'retirement_age' : `accounts.${i}.expected_return_percent`,
      );
      for (const [i, account] of body.accounts.entries()) {
        const values = rows[i] as AccountValues & { balanceCents: Cents };
        // One time for the whole list, plus a millisecond per row: the accounts are listed oldest
        // first, and the order they were entered in must not be left to their random ids.
        const row = await insertAccount(tx, userId, values, new Date(now.getTime() + i));
        await this.#open(tx, userId, row, account.balance_on ?? today, values.balanceCents, now);
      }
      return this.#mustView(tx, userId, today);
    });
  }

  /** The profile's three fields, from the version the client read (409 when stale). */
  update(userId: string, body: ProfileUpdateInput): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      const locked = await lockProfile(tx, userId);
      if (!locked) throw notFound(NO_PROFILE);
      if (locked.version !== body.version) throw conflict(STALE_PROFILE);
      const profile = profileValues(body);
      checkAges(profile, today);
      // Only the age changes the projection's length here: whatever overflows, it is the age's doing.
      overflowCheck(profile, await withBalances(tx, userId), today, () => 'retirement_age');
      await updateProfile(tx, userId, profile, now);
      return this.#mustView(tx, userId, today);
    });
  }

  /** One more account (at most 30: the count is checked under the user's lock, so racing adds can not pass it). */
  addAccount(userId: string, body: AccountInput): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      checkBalanceDay(body.balance_on, today, 'balance_on');
      await lockUser(tx, userId);
      const profile = await lockProfile(tx, userId);
      if (!profile) throw notFound(NO_PROFILE);
      const { count, newest } = await accountCount(tx, userId);
      if (count >= MAX_INVESTMENT_ACCOUNTS) throw conflict(TOO_MANY_ACCOUNTS);
      const values = { ...accountValues(body), balanceCents: dollarsToCents(body.balance) };
      overflowCheck(profile, [...(await withBalances(tx, userId)), values], today, () => 'expected_return_percent');
      // After the newest, even when the setup's accounts took the same clock's next milliseconds.
      const createdAt = newest && newest >= now ? new Date(newest.getTime() + 1) : now;
      const row = await insertAccount(tx, userId, values, createdAt);
      await this.#open(tx, userId, row, body.balance_on ?? today, values.balanceCents, now);
      return this.#mustView(tx, userId, today);
    });
  }

  /**
   * Saves an account's form from the version read (409 when stale). The balance sent is recorded
   * for `balance_on` (today when left out) when it changed or a day was given; the account's
   * balance is then what it holds after its latest day, so a past statement adds history and leaves
   * today's figure.
   */
  updateAccount(userId: string, id: string, body: AccountUpdateInput): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      if (!isUuid(id)) throw notFound(NO_ACCOUNT);
      checkBalanceDay(body.balance_on, today, 'balance_on');
      const locked = await lockAccount(tx, userId, id);
      if (!locked) throw notFound(NO_ACCOUNT);
      if (locked.version !== body.version) throw conflict(STALE_ACCOUNT);
      const profile = await lockProfile(tx, userId);
      if (!profile) throw new Error('an account without its profile');
      const values = accountValues(body);
      const account = await this.#ledgerAccount(tx, userId, { ...locked, ...values });
      const balanceSent = dollarsToCents(body.balance);
      const recorded =
        body.balance_on || balanceSent !== account.balanceCents
          ? { day: body.balance_on ?? today, balanceCents: balanceSent }
          : null;
      // The projection is checked with the balance the account will hold once the statement is recorded.
      const after = recorded ? await this.#balanceAfter(tx, account, recorded) : account.balanceCents;
      const others = (await withBalances(tx, userId)).map((a) =>
        a.id === locked.id ? { ...a, ...values, balanceCents: after } : a,
      );
      overflowCheck(profile, others, today, () => 'expected_return_percent');
      if (recorded) await this.#record(tx, userId, account, recorded.day, recorded.balanceCents, now);
      await updateAccount(tx, userId, locked.id, values, now);
      return this.#mustView(tx, userId, today);
    });
  }

  /**
   * For the Money Nest (wired in app.ts): before its journal moves money in or out of the account,
   * the account's row and the profile's are locked (this area's lock order) and a share past what an
   * account may hold is refused at `amount`. Undefined when the account is gone.
   */
  async beforeNestMove(
    tx: Db,
    userId: string,
    accountId: string,
    deltaCents: number,
  ): Promise<{ accountId: string; name: string; subjectId: string } | undefined> {
    const locked = await lockAccount(tx, userId, accountId);
    if (!locked) return undefined;
    await lockProfile(tx, userId);
    const account = await this.#ledgerAccount(tx, userId, locked);
    if (deltaCents > 0 && account.balanceCents + deltaCents > MAX_BALANCE_CENTS) {
      throw invalidField('amount', `An account can hold at most ${formatCents(MAX_BALANCE_CENTS)}`);
    }
    return { accountId: account.id, name: locked.name, subjectId: locked.id };
  }

  /**
   * For the Money Nest: after its journal, the change counted in the account's `version` and the
   * projection checked (at `amount`) with the balance it now holds.
   */
  async afterNestMove(tx: Db, userId: string, accountId: string, now: Date): Promise<void> {
    const locked = await lockAccount(tx, userId, accountId);
    const profile = await lockProfile(tx, userId);
    if (!locked || !profile) return;
    overflowCheck(profile, await withBalances(tx, userId), productToday(now), () => 'amount');
    await updateAccount(tx, userId, locked.id, storedValuesOf(locked), now);
  }

  /** For the Money Nest's rules and buckets: the user's accounts' names by id. */
  async nestNames(db: Db, userId: string): Promise<Map<string, string>> {
    return new Map((await listAccounts(db, userId)).map((a) => [a.id, a.name]));
  }

  /** Deletes the account (its money leaves for Outside Helo, so no figure counts it); with a version, only if it is still that one. */
  deleteAccount(userId: string, id: string, version: number | undefined): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      if (!isUuid(id)) throw notFound(NO_ACCOUNT);
      const locked = await lockAccount(tx, userId, id);
      if (!locked) throw notFound(NO_ACCOUNT);
      if (version !== undefined && locked.version !== version) throw conflict(STALE_ACCOUNT);
      const account = await subjectAccount(tx, userId, 'investment', locked.id);
      if (account && account.balanceCents !== 0) {
        const outside = await outsideAccount(tx, userId, 'elsewhere');
        await post(tx, userId, {
          date: today,
          kind: 'investment.closed',
          description: `${locked.name} deleted`,
          createdAt: now,
          lines: [line(account.id, -account.balanceCents), line(outside.id, account.balanceCents)],
        });
      }
      await deleteAccount(tx, userId, locked.id);
      return this.#mustView(tx, userId, today);
    });
  }

  /** The account's ledger account, made on first use and kept named after it. */
  async #ledgerAccount(tx: Db, userId: string, row: Pick<InvestmentAccountRow, 'id' | 'name'>): Promise<LedgerAccount> {
    const account = await ensureAccount(tx, userId, {
      kind: 'investment',
      name: row.name,
      subjectId: row.id,
      neverBelowZero: true,
    });
    if (account.name !== row.name) await renameAccount(tx, userId, account.id, row.name);
    return account;
  }

  /** A new account's first balance: an opening journal on its day (none for $0). */
  async #open(tx: Db, userId: string, row: InvestmentAccountRow, day: string, balanceCents: Cents, now: Date) {
    const account = await this.#ledgerAccount(tx, userId, row);
    if (balanceCents === 0) return;
    const opening = await outsideAccount(tx, userId, 'opening');
    await post(tx, userId, {
      date: day,
      kind: 'investment.opening',
      description: 'Opening balance',
      createdAt: now,
      lines: [line(opening.id, -balanceCents), line(account.id, balanceCents)],
    });
  }

  /** What the account will hold once `balanceCents` is recorded for `day`. */
  async #balanceAfter(tx: Db, account: LedgerAccount, recorded: { day: string; balanceCents: Cents }): Promise<Cents> {
    const { balanceCents, nextDay } = await balanceOn(tx, account.id, recorded.day);
    // A past day's statement leaves the days after it as they were; today's (the last) sets the balance.
    return nextDay ? account.balanceCents : cents(account.balanceCents + recorded.balanceCents - balanceCents);
  }

  /**
   * Records the balance of a day: a valuation journal of the difference from what the account held
   * that day. A past day's statement changes only that day's figure: the value goes back by the next
   * day the account moved (a second valuation), so later days and today's balance stay.
   */
  async #record(tx: Db, userId: string, account: LedgerAccount, day: string, balanceCents: Cents, now: Date) {
    const { balanceCents: held, nextDay } = await balanceOn(tx, account.id, day);
    const change = balanceCents - held;
    if (change === 0) return;
    const valuation = await outsideAccount(tx, userId, 'valuation');
    const journal = (date: string, amount: number) => ({
      date,
      kind: 'investment.valuation',
      description: 'Balance updated',
      createdAt: now,
      lines: [line(valuation.id, -amount), line(account.id, amount)],
    });
    const journals = nextDay ? [journal(day, change), journal(nextDay, -change)] : [journal(day, change)];
    // The rise first: the pair leaves the balance as it was, and never takes it below zero on the way.
    journals.sort((a, b) => (b.lines[1]?.amountCents ?? 0) - (a.lines[1]?.amountCents ?? 0));
    await postMany(tx, userId, journals);
  }

  #write<T>(work: (tx: Db, now: Date, today: string) => Promise<T>): Promise<T> {
    const now = this.#clock.now();
    return this.#db.transaction((tx) => work(tx, now, productToday(now)));
  }

  async #view(db: Db, userId: string, today: string): Promise<Investment | undefined> {
    const profile = await findProfile(db, userId);
    if (!profile) return undefined;
    const { accounts, history } = await withHistory(db, userId);
    return investmentView(profile, accounts, history, today);
  }

  /** The view at the end of a write, in its transaction (one connection: the reads run one after the other). */
  async #mustView(tx: Db, userId: string, today: string): Promise<Investment> {
    const view = await this.#view(tx, userId, today);
    if (!view) throw new Error('the profile of a write disappeared');
    return view;
  }
}

/**
 * Home's figures of the investments: how many accounts, what they hold, the retirement age and the
 * projected monthly income (in today's money); undefined before the profile exists.
 */
export async function investmentsAtAGlance(
  db: Db,
  userId: string,
  today: string,
): Promise<{ accountCount: number; totalCents: Cents; retirementAge: number; monthlyIncomeCents: Cents } | undefined> {
  const profile = await findProfile(db, userId);
  if (!profile) return undefined;
  const accounts = await withBalances(db, userId);
  const projection = projectionOf(profile, accounts, today);
  return {
    accountCount: accounts.length,
    totalCents: cents(accounts.reduce((sum, a) => sum + a.balanceCents, 0)),
    retirementAge: profile.retirementAge,
    monthlyIncomeCents: projection.total.atRetirement.monthlyIncomeRealCents,
  };
}

/** The user's accounts, oldest first, each with what its ledger account holds (read only). */
export async function withBalances(db: Db, userId: string): Promise<AccountWithBalance[]> {
  const rows = await listAccounts(db, userId);
  const ledger = await accountsOfKinds(db, userId, ['investment']);
  const held = new Map(ledger.map((a) => [a.subjectId, a.balanceCents]));
  return rows.map((row) => ({ ...row, balanceCents: held.get(row.id) ?? cents(0) }));
}

/** The accounts with their balances and each one's history (its balance at the end of each day it moved). */
async function withHistory(
  db: Db,
  userId: string,
): Promise<{ accounts: AccountWithBalance[]; history: BalanceHistory }> {
  const rows = await listAccounts(db, userId);
  const ledger = await accountsOfKinds(db, userId, ['investment']);
  const bySubject = new Map(ledger.map((a) => [a.subjectId, a]));
  const days = await dailyBalances(
    db,
    userId,
    rows.flatMap((r) => {
      const account = bySubject.get(r.id);
      return account ? [account.id] : [];
    }),
  );
  const history = new Map(rows.map((r) => [r.id, days.get(bySubject.get(r.id)?.id ?? '') ?? []]));
  const accounts = rows.map((row) => ({ ...row, balanceCents: bySubject.get(row.id)?.balanceCents ?? cents(0) }));
  return { accounts, history };
}

function profileValues(body: ProfileUpdateInput | ProfileInput): ProfileValues {
  return {
    birthYear: body.birth_year,
    retirementAge: body.retirement_age,
    // numeric(5,2): the contract allows at most two decimals.
    inflationPercent: String(body.inflation_percent ?? DEFAULT_INFLATION_PERCENT),
  };
}

/** The stored account's fields, unchanged. */
function storedValuesOf(row: InvestmentAccountRow): AccountValues {
  const { name, kind, monthlyContributionCents, employerMonthlyContributionCents, expectedReturnPercent } = row;
  return { name, kind, monthlyContributionCents, employerMonthlyContributionCents, expectedReturnPercent };
}

function accountValues(body: AccountInput): AccountValues {
  return {
    name: body.name,
    kind: body.kind,
    monthlyContributionCents: dollarsToCents(body.monthly_contribution),
    employerMonthlyContributionCents: dollarsToCents(body.employer_monthly_contribution ?? 0),
    expectedReturnPercent: String(body.expected_return_percent),
  };
}

/** The age the birth year gives must be 18…100, and the retirement age above it. */
function checkAges(profile: ProfileValues, today: string): void {
  const age = currentAgeOf(profile.birthYear, today);
  if (age < MIN_AGE || age > MAX_AGE) {
    const message =
      age < 0
        ? 'Birth year can not be in the future'
        : `Your age this year would be ${age}: it must be between ${MIN_AGE} and ${MAX_AGE}`;
    throw invalidField('birth_year', message);
  }
  if (profile.retirementAge <= age) {
    throw invalidField('retirement_age', `Retirement age must be above your current age (${age})`);
  }
}

/**
 * A statement's day is a day that happened (day-rules.ts): today in New York or earlier, one day
 * ahead allowed for someone east of New York, whose form already offers tomorrow's date.
 */
function checkBalanceDay(day: string | null | undefined, today: string, path: string): void {
  if (day && day > addDays(today, 1)) throw invalidField(path, 'Balance date must be today or earlier');
}

/**
 * Refuses a write whose projection grows past what exact cents can count, at the field `pathOf`
 * names for the account that overflowed (its index) or for the total (null).
 */
function overflowCheck(
  profile: ProfileValues,
  accounts: readonly Pick<
    AccountWithBalance,
    'balanceCents' | 'monthlyContributionCents' | 'employerMonthlyContributionCents' | 'expectedReturnPercent'
  >[],
  today: string,
  pathOf: (accountIndex: number | null) => string,
): void {
  try {
    projectionOf(profile, accounts, today);
  } catch (error) {
    if (!(error instanceof ProjectionTooLargeError)) throw error;
    const path = pathOf(error.accountIndex);
    throw invalidField(path, path === 'retirement_age' ? AGE_TOO_FAR : RETURN_TOO_HIGH);
  }
}

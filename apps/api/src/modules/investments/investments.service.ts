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
import { ProjectionTooLargeError } from '@helo/finance/retirement';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { currentAgeOf, investmentView, projectionOf } from './investment-view.ts';
import {
  type AccountValues,
  accountCount,
  deleteAccount,
  findProfile,
  insertAccount,
  insertProfile,
  latestSnapshotBalance,
  listAccounts,
  listSnapshots,
  lockAccount,
  lockProfile,
  type ProfileValues,
  updateAccount,
  updateProfile,
  upsertSnapshot,
} from './investments.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/**
 * The user's investment profile and accounts (issue 14, decisions.md "Investments and retirement").
 * An account's balance is its latest day's snapshot: every write that changes a balance records the
 * day's snapshot (the last write of a day wins) and sets the balance from the latest one, in one
 * transaction. Every write answers the whole profile, and refuses one whose projection could not be
 * counted in exact cents, naming the field that caused it. Writes that can lengthen or raise the
 * projection lock the profile's row, so two that fit alone can not together store one that does not.
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
        await upsertSnapshot(tx, userId, row.id, account.balance_on ?? today, values.balanceCents);
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
      overflowCheck(profile, await listAccounts(tx, userId), today, () => 'retirement_age');
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
      overflowCheck(profile, [...(await listAccounts(tx, userId)), values], today, () => 'expected_return_percent');
      // After the newest, even when the setup's accounts took the same clock's next milliseconds.
      const createdAt = newest && newest >= now ? new Date(newest.getTime() + 1) : now;
      const row = await insertAccount(tx, userId, values, createdAt);
      await upsertSnapshot(tx, userId, row.id, body.balance_on ?? today, values.balanceCents);
      return this.#mustView(tx, userId, today);
    });
  }

  /**
   * Saves an account's form from the version read (409 when stale). The balance sent is recorded
   * for `balance_on` (today when left out) when it changed or a day was given; the account's
   * balance is then its latest day's, so a past statement adds history and leaves today's figure.
   */
  updateAccount(userId: string, id: string, body: AccountUpdateInput): Promise<Investment> {
    return this.#write(async (tx, now, today) => {
      if (!UUID.test(id)) throw notFound(NO_ACCOUNT);
      checkBalanceDay(body.balance_on, today, 'balance_on');
      const locked = await lockAccount(tx, userId, id);
      if (!locked) throw notFound(NO_ACCOUNT);
      if (locked.version !== body.version) throw conflict(STALE_ACCOUNT);
      const balanceSent = dollarsToCents(body.balance);
      const recorded =
        body.balance_on || balanceSent !== locked.balanceCents
          ? { day: body.balance_on ?? today, balanceCents: balanceSent }
          : null;
      await this.#saveAccount(tx, userId, locked, accountValues(body), recorded, 'expected_return_percent', now);
      return this.#mustView(tx, userId, today);
    });
  }

  /**
   * Moves the account's balance by `deltaCents` in the caller's transaction, recorded as today's
   * snapshot with the same checks and version as an edit of the account: the Money Nest's shares
   * and their reversals come through here. `overdrawn` builds the refusal of a balance below $0.
   */
  async changeBalanceIn(
    tx: Db,
    userId: string,
    accountId: string,
    deltaCents: number,
    now: Date,
    overdrawn: (balanceCents: number) => Error,
  ): Promise<void> {
    const locked = await lockAccount(tx, userId, accountId);
    if (!locked) throw notFound(NO_ACCOUNT);
    const balanceCents = locked.balanceCents + deltaCents;
    if (balanceCents < 0) throw overdrawn(locked.balanceCents);
    if (balanceCents > MAX_BALANCE_CENTS) {
      throw invalidField('amount', `An account can hold at most ${formatCents(MAX_BALANCE_CENTS)}`);
    }
    const recorded = { day: productToday(now), balanceCents: cents(balanceCents) };
    await this.#saveAccount(tx, userId, locked, storedValuesOf(locked), recorded, 'amount', now);
  }

  /**
   * Saves the locked account: records the balance for its day when one is given, sets the balance
   * from the latest day's snapshot, and refuses (at `overflowPath`) a projection too large to count.
   * The profile is locked too: a profile save lengthening the projection at the same time is
   * checked after this.
   */
  async #saveAccount(
    tx: Db,
    userId: string,
    locked: InvestmentAccountRow,
    values: AccountValues,
    recorded: { day: string; balanceCents: Cents } | null,
    overflowPath: string,
    now: Date,
  ): Promise<void> {
    if (recorded) await upsertSnapshot(tx, userId, locked.id, recorded.day, recorded.balanceCents);
    const balanceCents = (await latestSnapshotBalance(tx, userId, locked.id)) ?? locked.balanceCents;
    const next = { ...values, balanceCents };
    const profile = await lockProfile(tx, userId);
    if (!profile) throw new Error('an account without its profile');
    const others = (await listAccounts(tx, userId)).map((a) => (a.id === locked.id ? { ...a, ...next } : a));
    overflowCheck(profile, others, productToday(now), () => overflowPath);
    await updateAccount(tx, userId, locked.id, next, now);
  }

  /** Deletes the account with its snapshots; with a version, only if it is still that one. */
  deleteAccount(userId: string, id: string, version: number | undefined): Promise<Investment> {
    return this.#write(async (tx, _now, today) => {
      if (!UUID.test(id)) throw notFound(NO_ACCOUNT);
      const locked = await lockAccount(tx, userId, id);
      if (!locked) throw notFound(NO_ACCOUNT);
      if (version !== undefined && locked.version !== version) throw conflict(STALE_ACCOUNT);
      await deleteAccount(tx, userId, locked.id);
      return this.#mustView(tx, userId, today);
    });
  }

  #write<T>(work: (tx: Db, now: Date, today: string) => Promise<T>): Promise<T> {
    const now = this.#clock.now();
    return this.#db.transaction((tx) => work(tx, now, productToday(now)));
  }

  async #view(db: Db, userId: string, today: string): Promise<Investment | undefined> {
    const profile = await findProfile(db, userId);
    if (!profile) return undefined;
    const [accounts, snapshots] = await Promise.all([listAccounts(db, userId), listSnapshots(db, userId)]);
    return investmentView(profile, accounts, snapshots, today);
  }

  /** The view at the end of a write, in its transaction (one connection: the reads run one after the other). */
  async #mustView(tx: Db, userId: string, today: string): Promise<Investment> {
    const profile = await findProfile(tx, userId);
    if (!profile) throw new Error('the profile of a write disappeared');
    const accounts = await listAccounts(tx, userId);
    return investmentView(profile, accounts, await listSnapshots(tx, userId), today);
  }
}

function profileValues(body: ProfileUpdateInput | ProfileInput): ProfileValues {
  return {
    birthYear: body.birth_year,
    retirementAge: body.retirement_age,
    // numeric(5,2): the contract allows at most two decimals.
    inflationPercent: String(body.inflation_percent ?? DEFAULT_INFLATION_PERCENT),
  };
}

/** The stored account's fields other than its balance, unchanged. */
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
    InvestmentAccountRow,
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

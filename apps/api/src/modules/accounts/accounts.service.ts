import {
  ACCOUNT_KINDS,
  type Account,
  type AccountKind,
  type accountBody,
  type accountUpdateBody,
  MAX_ACCOUNTS,
} from '@helo/contract/accounts';
import type { Db } from '@helo/db/client';
import { type Cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { shownBalance } from '@helo/finance/ledger';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { laterThanTodayMessage } from '../../lib/day-rules.ts';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { afterMoneyChange } from '../../lib/money-changed.ts';
import { productToday } from '../../lib/product-day.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  accountsOf,
  closeAccount,
  correct,
  createAccount,
  ensureAccount,
  type LedgerAccount,
  liveJournals,
  lockOwnAccount,
  type PostedJournal,
  post,
  reverse,
  saveAccountFields,
} from '../ledger/index.ts';
import { isNestWallet, lockNestAccount, NOT_ACTIVE, nestWalletBalance } from '../nest/index.ts';
import { movableCount, moveJournals } from './move-journals.ts';

export const NO_ACCOUNT = 'Account not found';
export const STALE_ACCOUNT =
  'This account was changed in another tab or device. Reload to see the latest, then make your change again.';
export const WALLET_STAYS = 'The Wallet stays: the Money Nest puts its Wallet share there. Rename it if you like.';
/** The journal of an account's opening balance. */
export const OPENING_KIND = 'account.opening';

export type AccountInput = z.output<typeof accountBody>;
export type AccountUpdateInput = z.output<typeof accountUpdateBody>;

const OWN_KINDS: ReadonlySet<string> = new Set(ACCOUNT_KINDS);

/** A kind of account the user has (checking, savings, card, cash), not a place in the world outside. */
export const isOwnKind = (kind: string | undefined): boolean => kind !== undefined && OWN_KINDS.has(kind);

/** An open account of the user's own kinds (not the world outside, not closed). */
export const isOwnAccount = (account: LedgerAccount): boolean => isOwnKind(account.kind) && account.closedAt === null;

/**
 * The user's accounts (issue 27; decisions.md "Accounts and the Wallet on the ledger"): checking,
 * savings, credit cards and cash, each an account of the ledger with an opening balance posted against
 * the outside account "Opening balances". They come with the Money Nest (the Wallet is one of them):
 * every write takes the Nest's row first, so a user's account writes and wallet writes run one after
 * another. An account with history is closed, never deleted.
 */
export class AccountsService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The same service on the caller's transaction (a bank connection's mapping makes its accounts in its own). */
  on(db: Db): AccountsService {
    return new AccountsService(db, this.#clock);
  }

  /** The user's open accounts, oldest first (the Wallet first), read at one instant; none before activation. */
  list(userId: string): Promise<Account[]> {
    return this.#db.transaction((tx) => this.#views(tx, userId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  create(userId: string, body: AccountInput): Promise<Account> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
        const open = (await accountsOf(tx, userId)).filter(isOwnAccount);
        checkFields(body, open, undefined, now);
        if (open.length >= MAX_ACCOUNTS) {
          throw conflict(`You can keep at most ${MAX_ACCOUNTS} accounts. Delete one you no longer use first.`);
        }
        const account = await createAccount(tx, userId, {
          kind: body.kind,
          name: body.name,
          institution: body.institution || null,
          lastFour: body.last_four || null,
          createdAt: now,
        });
        await this.#setOpening(tx, userId, account, undefined, body, now);
        return this.#view(tx, userId, account.id);
      }),
    );
  }

  /** Saves the account from the version the client read: a bad field first (400), then a stale version (409). */
  update(userId: string, id: string, body: AccountUpdateInput): Promise<Account> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        const account = await this.#lockOwn(tx, userId, id);
        const open = (await accountsOf(tx, userId)).filter(isOwnAccount);
        checkFields(body, open, account, now);
        if (account.version !== body.version) throw conflict(STALE_ACCOUNT);
        const saved = await saveAccountFields(tx, account, {
          name: body.name,
          institution: body.institution || null,
          lastFour: body.last_four || null,
        });
        await this.#setOpening(tx, userId, saved, await openingOf(tx, userId, saved.id), body, now);
        return this.#view(tx, userId, saved.id);
      }),
    );
  }

  /**
   * Deletes the account. One with transactions needs `moveTo`, another open account of the user: each
   * transaction is moved there by a correction, a hundred per short transaction. Then its opening
   * balance is reversed, and the account deleted if it was never posted to, else closed (hidden, its
   * postings kept). The Wallet stays (409).
   */
  async delete(userId: string, id: string, moveTo: string | undefined): Promise<void> {
    const { account, target } = await this.#db.transaction(async (tx) => {
      const found = await this.#lockOwn(tx, userId, id);
      if (isNestWallet(found)) throw conflict(WALLET_STAYS);
      if (moveTo === undefined) {
        const held = await movableCount(tx, userId, found.id);
        if (held > 0) {
          const message = `${found.name} has ${plural(held, 'transaction')}: choose an account to move them to first.`;
          throw invalidField('move_to', message, { status: 409, summary: message });
        }
        return { account: found, target: undefined };
      }
      const [to] = isUuid(moveTo) ? await accountsOf(tx, userId, [moveTo]) : [];
      if (!to || !isOwnAccount(to) || to.id === found.id) {
        throw invalidField('move_to', 'Choose another of your accounts to move the transactions to');
      }
      return { account: found, target: to };
    });
    if (target) await moveJournals(this.#db, userId, account.id, target.id, this.#clock);
    await this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      const locked = await this.#lockOwn(tx, userId, account.id);
      // Whatever arrived while the transactions moved: the account must be empty of them now.
      if ((await movableCount(tx, userId, locked.id)) > 0) {
        throw conflict(`${locked.name} got new transactions while they were moved. Delete it again.`);
      }
      const opening = await openingOf(tx, userId, locked.id);
      if (opening) await reverse(tx, userId, opening.id, { at: now });
      await closeAccount(tx, locked, now);
    });
  }

  /** The user's open account of their own kinds, locked; another user's, a closed one or none is a 404. */
  async #lockOwn(tx: Db, userId: string, id: string): Promise<LedgerAccount> {
    // Under the Nest's row, as every write of accounts and transactions; no Nest, no accounts.
    if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_ACCOUNT);
    const account = await lockOwnAccount(tx, userId, id);
    if (!account || !isOwnAccount(account)) throw notFound(NO_ACCOUNT);
    return account;
  }

  /**
   * The opening balance of an account that holds nothing yet, from a figure the bank gave (a bank
   * connection's first sync): `cents` as the ledger signs the account's balance (a card owing is
   * minus), on `date`. Inside the caller's transaction (`on(tx)`), the account locked by the caller.
   */
  async openFromBank(userId: string, account: LedgerAccount, cents: Cents, date: string): Promise<void> {
    if (cents === 0) return;
    const journal = await openingJournal(this.#db, userId, account, cents, date);
    await post(this.#db, userId, { ...journal, createdAt: this.#clock.now() });
  }

  /**
   * Posts, corrects or reverses the opening balance so that it is what the form says: for a card what
   * was owed (the card's balance is minus that), dated the opening date (today when not given).
   */
  async #setOpening(
    tx: Db,
    userId: string,
    account: LedgerAccount,
    current: PostedJournal | undefined,
    body: AccountInput,
    now: Date,
  ): Promise<void> {
    const entered = dollarsToCents(body.opening_balance ?? 0);
    const cents = (account.kind === 'credit_card' ? -entered : entered) as Cents;
    const date = body.opening_date ?? current?.date ?? productToday(now);
    const held = current ? (lineOn(current, account.id) ?? 0) : 0;
    if (current && held === cents && current.date === date) return;
    if (current && cents === 0) {
      await reverse(tx, userId, current.id, { at: now });
      return;
    }
    if (cents === 0) return;
    const journal = await openingJournal(tx, userId, account, cents, date);
    if (current) await correct(tx, userId, current.id, journal, { at: now });
    else await post(tx, userId, { ...journal, createdAt: now });
  }

  async #views(db: Db, userId: string): Promise<Account[]> {
    // Oldest first, the Wallet before all (it is the Nest's, and the default of every form).
    const accounts = (await accountsOf(db, userId))
      .filter(isOwnAccount)
      .sort((a, b) => Number(isNestWallet(b)) - Number(isNestWallet(a)));
    if (accounts.length === 0) return [];
    const openings = (await liveJournals(db, userId, { kind: OPENING_KIND }, MAX_ACCOUNTS * 4)).journals;
    const wallet = accounts.find(isNestWallet);
    const walletCents = wallet ? await nestWalletBalance(db, userId) : 0;
    return accounts.map((a) =>
      accountView(
        a,
        openings.find((j) => lineOn(j, a.id) !== undefined),
        isNestWallet(a) ? walletCents : a.balanceCents,
      ),
    );
  }

  async #view(db: Db, userId: string, id: string): Promise<Account> {
    const view = (await this.#views(db, userId)).find((a) => a.id === id);
    if (!view) throw notFound(NO_ACCOUNT);
    return view;
  }
}

/** An opening balance of `cents` on the account, against the outside account "Opening balances". */
async function openingJournal(db: Db, userId: string, account: LedgerAccount, cents: Cents, date: string) {
  const outside = await ensureAccount(db, userId, { kind: 'opening_balance', name: 'Opening balances' });
  return {
    date,
    kind: OPENING_KIND,
    description: `Opening balance of ${account.name}`,
    lines: [
      { accountId: account.id, amountCents: cents },
      { accountId: outside.id, amountCents: -cents as Cents },
    ],
  };
}

/** The live opening-balance journal of the account, if it has one. */
async function openingOf(db: Db, userId: string, accountId: string): Promise<PostedJournal | undefined> {
  return (await liveJournals(db, userId, { kind: OPENING_KIND, postingOn: [[accountId]] }, 1)).journals[0];
}

const lineOn = (journal: PostedJournal, accountId: string): Cents | undefined =>
  journal.lines.find((l) => l.accountId === accountId)?.amountCents;

/**
 * The form's fields, every bad one named at once: a name no other open account of the user has (any
 * case: the pickers list accounts by name), a kind that does not change, an opening date at most one
 * day ahead of New York's today.
 */
function checkFields(body: AccountInput, open: LedgerAccount[], editing: LedgerAccount | undefined, now: Date): void {
  const errors: FieldErrors = [];
  if (editing && editing.kind !== body.kind) {
    errors.push({
      path: 'kind',
      message: "An account's kind cannot change: add a new account and move the transactions to it",
    });
  }
  const name = body.name.toLowerCase();
  const same = open.find((a) => a.id !== editing?.id && a.name.toLowerCase() === name);
  if (same) errors.push({ path: 'name', message: `You have an account called ${same.name} already` });
  const late = body.opening_date ? laterThanTodayMessage('Opening date', body.opening_date, now) : null;
  if (late) errors.push({ path: 'opening_date', message: late });
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
}

export function accountView(account: LedgerAccount, opening: PostedJournal | undefined, balanceCents: number): Account {
  const kind = account.kind as AccountKind;
  const openingCents = opening ? (lineOn(opening, account.id) ?? (0 as Cents)) : (0 as Cents);
  return {
    id: account.id,
    kind,
    name: account.name,
    institution: account.institution,
    last_four: account.lastFour,
    balance: centsToDollars(balanceCents as Cents),
    // `|| 0`: a card's $0 is -0 after the sign flips.
    opening_balance: centsToDollars((shownBalance(kind, openingCents) || 0) as Cents),
    opening_date: opening?.date ?? null,
    is_wallet: isNestWallet(account),
    version: account.version,
    created_at: account.createdAt.toISOString(),
  };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

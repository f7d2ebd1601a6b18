import type { EmergencyFundEntry } from '@helo/contract/emergency-fund';
import { MAX_DOLLARS } from '@helo/contract/money';
import type { Db } from '@helo/db/client';
import { type Cents, cents, centsToDollars } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import type { Line } from '@helo/finance/ledger';
import { decodeEntryCursor, encodeEntryCursor } from '../../lib/entry-cursor.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  type AccountJournalRow,
  accountJournals,
  accountsOfKinds,
  balanceOf,
  correct,
  ensureAccount,
  type LedgerAccount,
  liveJournalsOfKind,
  outsideAccount,
  post,
  renameAccount,
  reverse,
  subjectAccount,
} from '../ledger/index.ts';

/**
 * A savings pot (issue 27): the emergency fund and each lifestyle goal keep their money here, in an
 * account of the ledger that never goes below zero, the area's row being its subject. Its journals:
 * - `savings.opening`: the starting amount (from Opening balances), one journal an edit corrects;
 * - `savings.deposit` / `savings.withdrawal`: money typed on the pot's page, moved from or to
 *   "Outside Helo" (an account Helo does not know: never income nor spending);
 * - `savings.correction`: the setup form's "what it holds now" differing from the balance (Opening
 *   balances), listed like an entry with its note;
 * - `savings.deleted`: an entry deleted (its reversal): the entry and its deletion leave the list;
 * - the Money Nest's journals (`nest.*`): its shares and their reversals, listed, deletable only there;
 * - `savings.closed`: a deleted goal's money leaving the ledger's pots.
 * The area's row lock is taken by the area before any of these (area row, then ledger accounts).
 */

/** An entry as the fund's and goals' pages show it (the contract's one entry). */
export type PotEntry = EmergencyFundEntry;
export interface PotEntryInput {
  kind: 'deposit' | 'withdrawal';
  amountCents: Cents;
  date: string;
  note: string | null;
}

/** What a pot's messages call it. */
export interface PotWords {
  /** 'the fund' / 'the goal', in "…: the fund would hold". */
  the: string;
  /** 'what the fund holds' / 'what this goal holds'. */
  holds: string;
  /** 'The fund can hold at most' / 'A goal can hold at most'. */
  capacity: string;
}

export interface PotSubject {
  id: string;
  name: string;
}

export const OPENING = 'savings.opening';
export const DELETED = 'savings.deleted';
const CLOSED = 'savings.closed';
const CORRECTION = 'savings.correction';
/** What an entry of the page lists never shows: the starting amount (shown apart), deletions and what they deleted. */
const HIDDEN = [OPENING, DELETED, CLOSED];
/** A pot holds at most what any one amount the API takes may be. */
export const MAX_POT_CENTS = MAX_DOLLARS * 100;
/** An entry the Money Nest wrote (a deposit's share or its reversal) is undone only there (decisions.md). */
export const MADE_BY_NEST = 'This deposit came from the Money Nest; reverse it there';
const NO_ENTRY = 'Entry not found';

export interface PotState {
  account: LedgerAccount | undefined;
  balanceCents: Cents;
  startingCents: Cents;
}

const line = (accountId: string, amountCents: number): Line => ({ accountId, amountCents: amountCents as Cents });

export class SavingsPot {
  readonly kind: 'emergency_fund' | 'goal';
  readonly #words: PotWords;

  constructor(kind: 'emergency_fund' | 'goal', words: PotWords) {
    this.kind = kind;
    this.#words = words;
  }

  /** The pot's account, made on first use (named after the pot, kept named after it). */
  async account(tx: Db, userId: string, subject: PotSubject): Promise<LedgerAccount> {
    const account = await ensureAccount(tx, userId, {
      kind: this.kind,
      name: subject.name,
      subjectId: subject.id,
      neverBelowZero: true,
    });
    if (account.name !== subject.name) await renameAccount(tx, userId, account.id, subject.name);
    return account;
  }

  /** Balance and starting amount, read only. */
  async state(db: Db, userId: string, subjectId: string): Promise<PotState> {
    const account = await subjectAccount(db, userId, this.kind, subjectId);
    if (!account) return { account, balanceCents: cents(0), startingCents: cents(0) };
    const openings = await liveJournalsOfKind(db, userId, [account.id], OPENING);
    return { account, balanceCents: account.balanceCents, startingCents: sumOf(openings) };
  }

  /** Every pot of this kind of the user's: balance and starting amount by subject, in two reads. */
  async states(db: Db, userId: string): Promise<Map<string, { balanceCents: Cents; startingCents: Cents }>> {
    const accounts = (await accountsOfKinds(db, userId, [this.kind])).filter((a) => a.subjectId);
    const openings = await liveJournalsOfKind(
      db,
      userId,
      accounts.map((a) => a.id),
      OPENING,
    );
    return new Map(
      accounts.map((a) => [
        a.subjectId ?? '',
        { balanceCents: a.balanceCents, startingCents: sumOf(openings.filter((o) => o.accountId === a.id)) },
      ]),
    );
  }

  /** Whether the page lists any entry (the setup form's saved amount then corrects through one). */
  async hasEntries(db: Db, userId: string, accountId: string | undefined): Promise<boolean> {
    if (!accountId) return false;
    return (await accountJournals(db, userId, accountId, { limit: 1, hidden: HIDDEN })).rows.length > 0;
  }

  /**
   * Sets the starting amount: its opening journal posted (dated `day`), corrected to the new amount
   * (keeping its day), or reversed when it becomes $0.
   */
  async setStarting(
    tx: Db,
    userId: string,
    subject: PotSubject,
    startingCents: Cents,
    day: string,
    now: Date,
  ): Promise<void> {
    const account = await this.account(tx, userId, subject);
    const [opening] = await liveJournalsOfKind(tx, userId, [account.id], OPENING);
    if (opening?.amountCents === startingCents) return;
    const from = await outsideAccount(tx, userId, 'opening');
    const journal = {
      kind: OPENING,
      description: 'Starting amount',
      createdAt: now,
      lines: [line(from.id, -startingCents), line(account.id, startingCents)],
    };
    if (!opening) {
      if (startingCents > 0) await post(tx, userId, { ...journal, date: day });
    } else if (startingCents === 0) {
      await reverse(tx, userId, opening.journalId, { at: now });
    } else {
      await correct(tx, userId, opening.journalId, { ...journal, date: opening.date });
    }
  }

  /**
   * A deposit or a withdrawal typed on the pot's page, from or to Outside Helo. A withdrawal above
   * the balance is a 400 at `amount`, as is a deposit past what a pot may hold (checked here under
   * the area's lock; the ledger's floor stands behind it).
   */
  async add(
    tx: Db,
    userId: string,
    subject: PotSubject,
    entry: PotEntryInput,
    now: Date,
    journalKind?: string,
  ): Promise<{ entry: PotEntry; balanceCents: Cents }> {
    const account = await this.account(tx, userId, subject);
    this.#checkMove(account.balanceCents, entry);
    const outside = await outsideAccount(tx, userId, 'elsewhere');
    const signed = entry.kind === 'deposit' ? entry.amountCents : -entry.amountCents;
    const posted = await post(tx, userId, {
      date: entry.date,
      kind: journalKind ?? (entry.kind === 'deposit' ? 'savings.deposit' : 'savings.withdrawal'),
      description: entry.kind === 'deposit' ? 'Deposit' : 'Withdrawal',
      note: entry.note,
      createdAt: now,
      lines: [line(outside.id, -signed), line(account.id, signed)],
    });
    return {
      entry: {
        id: posted.id,
        kind: entry.kind,
        amount: centsToDollars(entry.amountCents),
        date: posted.date,
        note: posted.note,
        created_at: posted.createdAt.toISOString(),
      },
      balanceCents: cents(account.balanceCents + signed),
    };
  }

  /**
   * The setup form's "holds now" differing from the balance: an entry of the difference, dated
   * `day`, against Opening balances (a statement, not money moved), with its note.
   */
  async correctTo(
    tx: Db,
    userId: string,
    subject: PotSubject,
    wantedCents: Cents,
    day: string,
    note: string,
    now: Date,
  ): Promise<void> {
    const account = await this.account(tx, userId, subject);
    const difference = wantedCents - account.balanceCents;
    if (difference === 0) return;
    const from = await outsideAccount(tx, userId, 'opening');
    await post(tx, userId, {
      date: day,
      kind: CORRECTION,
      description: difference > 0 ? 'Deposit' : 'Withdrawal',
      note,
      createdAt: now,
      lines: [line(from.id, -difference), line(account.id, difference)],
    });
  }

  /** The page's entries, newest first, a page at a time (none before the pot's first money). */
  async page(
    db: Db,
    userId: string,
    accountId: string | undefined,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ data: PotEntry[]; next_cursor: string | null }> {
    const after = cursor === undefined ? undefined : decodeEntryCursor(cursor);
    if (!accountId) return { data: [], next_cursor: null };
    const page = await accountJournals(db, userId, accountId, { limit, after, hidden: HIDDEN });
    const last = page.rows.at(-1);
    return { data: page.rows.map(entryOf), next_cursor: page.more && last ? encodeEntryCursor(last) : null };
  }

  /**
   * Deletes an entry: its journal reversed (same day) as a deletion, which leaves the list with it.
   * The Nest's entries are undone only there (409); deleting a deposit later withdrawals spent, or
   * a withdrawal whose return would pass the pot's limit, is a 409 naming what it would hold.
   */
  async delete(tx: Db, userId: string, accountId: string | undefined, entryId: string, now: Date): Promise<void> {
    if (!isUuid(entryId) || !accountId) throw notFound(NO_ENTRY);
    const entry = await this.#findEntry(tx, userId, accountId, entryId);
    if (!entry) throw notFound(NO_ENTRY);
    if (entry.kind.startsWith('nest.') || entry.reversesKind?.startsWith('nest.')) throw conflict(MADE_BY_NEST);
    const balance = await balanceOf(tx, userId, accountId);
    const after = balance - entry.amountCents;
    if (after < 0) {
      throw conflict(
        `This deposit can not be deleted: ${this.#words.the} would hold ${formatCents(after)}. Delete the withdrawals that spent it first.`,
      );
    }
    if (after > MAX_POT_CENTS) {
      throw conflict(
        `This withdrawal can not be deleted: ${lower(this.#words.capacity)} ${formatCents(MAX_POT_CENTS)}.`,
      );
    }
    await reverse(tx, userId, entry.id, { kind: DELETED, at: now });
  }

  /** A deleted pot's money leaves the ledger's pots for Outside Helo, so no figure keeps counting it. */
  async close(tx: Db, userId: string, subjectId: string, day: string, now: Date): Promise<void> {
    const account = await subjectAccount(tx, userId, this.kind, subjectId);
    if (!account || account.balanceCents === 0) return;
    const outside = await outsideAccount(tx, userId, 'elsewhere');
    await post(tx, userId, {
      date: day,
      kind: CLOSED,
      description: `${account.name} deleted`,
      createdAt: now,
      lines: [line(account.id, -account.balanceCents), line(outside.id, account.balanceCents)],
    });
  }

  /** Refuses a withdrawal above the balance and a deposit past the limit, at `amount`. */
  #checkMove(balanceCents: number, entry: PotEntryInput): void {
    if (entry.kind === 'withdrawal' && entry.amountCents > balanceCents) {
      throw invalidField('amount', `You can withdraw at most ${formatCents(balanceCents)}, ${this.#words.holds}`);
    }
    if (entry.kind === 'deposit' && balanceCents + entry.amountCents > MAX_POT_CENTS) {
      throw invalidField('amount', `${this.#words.capacity} ${formatCents(MAX_POT_CENTS)}`);
    }
  }

  async #findEntry(tx: Db, userId: string, accountId: string, id: string): Promise<AccountJournalRow | undefined> {
    const page = await accountJournals(tx, userId, accountId, { limit: 1, hidden: HIDDEN, journalId: id });
    return page.rows[0];
  }
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function sumOf(rows: readonly { amountCents: number }[]): Cents {
  return cents(rows.reduce((sum, r) => sum + r.amountCents, 0));
}

/** A journal of the pot's as its page lists it: what came in or went out, and why. */
function entryOf(row: AccountJournalRow): PotEntry {
  const note =
    row.kind === 'nest.deposit'
      ? `From the Money Nest: ${row.description}`
      : row.kind === 'nest.reversal'
        ? `Reversed in the Money Nest: ${row.description}`
        : row.note;
  return {
    id: row.id,
    kind: row.amountCents > 0 ? 'deposit' : 'withdrawal',
    amount: centsToDollars(cents(Math.abs(row.amountCents))),
    date: row.date,
    note,
    created_at: row.createdAt.toISOString(),
  };
}

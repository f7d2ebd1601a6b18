import { randomUUID } from 'node:crypto';
import type { Db } from '@helo/db/client';
import type { LedgerJournalRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { applyLines, journalProblem, type Line, reversalLines } from '@helo/finance/ledger';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  groupState,
  insertJournals,
  isPublished,
  lockAccounts,
  lockJournal,
  type NewJournal,
  type NewPosting,
  postingsOf,
} from './ledger.repository.ts';
import { liveLinkOf } from './links.repository.ts';
import { markManyReversed } from './many.repository.ts';

/** What an area asks the ledger to post. */
export interface JournalInput {
  date: string;
  /** What made it ('wallet.transaction', 'nest.deposit', …). */
  kind: string;
  description: string;
  /** The bank's own words when `description` is the merchant name made of them (kept for search and rules). */
  originalDescription?: string | null;
  /** The bank's own category of it, as written (a CSV's category column): for rules and suggestions. */
  bankCategory?: string | null;
  note?: string | null;
  lines: Line[];
  /** The bank's id of the transaction and the account it is unique in (an import's FITID). */
  externalId?: string | null;
  externalAccountId?: string | null;
  /** When the user entered it (the caller's clock); the database's time when absent. */
  createdAt?: Date;
}

export interface PostedJournal {
  id: string;
  /** The id the user sees: it stays the same when an edit reverses the journal and posts it again. */
  groupId: string;
  version: number;
  date: string;
  kind: string;
  description: string;
  /** The bank's own description, when the description is the merchant name made of it. */
  originalDescription: string | null;
  bankCategory: string | null;
  note: string | null;
  externalId: string | null;
  /** The account the external id is unique in (a bank id's account; a loan payment's due date: the loan's). */
  externalAccountId: string | null;
  reversesId: string | null;
  /** The batch it came in (an import), if any. */
  batchId: string | null;
  createdAt: Date;
  lines: Line[];
}

export type RefusalCode = 'below_zero' | 'already_reversed' | 'reversal_of_reversal' | 'linked';

/**
 * The ledger refusing a journal (409): it would take a "never below zero" account below zero, or it
 * reverses what was reversed already. `accountId` names the account, so an area can say it in its words.
 */
export class LedgerRefusal extends HttpError {
  readonly code: RefusalCode;
  readonly accountId: string | undefined;
  readonly balanceCents: Cents | undefined;

  constructor(code: RefusalCode, message: string, account?: { id: string; balanceCents: Cents }) {
    super(409, message);
    this.code = code;
    this.accountId = account?.id;
    this.balanceCents = account?.balanceCents;
  }
}

export interface Pending extends JournalInput {
  groupId?: string;
  version?: number;
  reversesId?: string;
  batchId?: string | null;
}

/**
 * Writes journals in one transaction, in order, each checked against the balances the earlier ones
 * left (`net` checks only the end: an edit's reversal and new journal are one change to the user).
 */
export async function write(
  db: Db,
  userId: string,
  journals: Pending[],
  net = false,
  alsoFloored: readonly string[] = [],
): Promise<PostedJournal[]> {
  for (const journal of journals) {
    const problem = journalProblem(journal.lines);
    // Lines come from code, not from users: a bad journal is a bug, and nothing of it is written.
    if (problem) throw new Error(`ledger: not a journal (${journal.kind}): ${JSON.stringify(problem)}`);
  }
  if (journals.length === 0) return [];
  return db.transaction(async (tx) => {
    const ids = [...new Set(journals.flatMap((j) => j.lines.map((l) => l.accountId)))];
    const accounts = await lockAccounts(tx, userId, ids);
    // A closed account takes no new journal: it stays only for the history it has.
    if (accounts.length !== ids.length || accounts.some((a) => a.closedAt !== null))
      throw notFound('Account not found');
    const floors = new Set(accounts.filter((a) => a.neverBelowZero || alsoFloored.includes(a.id)).map((a) => a.id));
    let balances = new Map(accounts.map((a) => [a.id, a.balanceCents]));
    for (const journal of journals) {
      const next = applyLines(balances, journal.lines, net ? new Set<string>() : floors);
      if (!next.ok) throw belowZero(accounts, next.accountId);
      balances = next.balances;
    }
    if (net) {
      const under = [...floors].find((id) => (balances.get(id) ?? 0) < 0);
      if (under) throw belowZero(accounts, under);
    }

    const rows: NewJournal[] = [];
    const postings: NewPosting[] = [];
    for (const journal of journals) {
      const id = randomUUID();
      rows.push({
        id,
        userId,
        groupId: journal.groupId ?? id,
        version: journal.version ?? 1,
        date: journal.date,
        kind: journal.kind,
        description: journal.description,
        originalDescription: journal.originalDescription ?? null,
        bankCategory: journal.bankCategory ?? null,
        note: journal.note ?? null,
        externalId: journal.externalId ?? null,
        externalAccountId: journal.externalId ? (journal.externalAccountId ?? null) : null,
        reversesId: journal.reversesId ?? null,
        batchId: journal.batchId ?? null,
        ...(journal.createdAt ? { createdAt: journal.createdAt } : {}),
      });
      for (const line of journal.lines) {
        postings.push({
          journalId: id,
          userId,
          accountId: line.accountId,
          amountCents: line.amountCents,
          date: journal.date,
          batchId: journal.batchId ?? null,
        });
      }
    }
    // Marked first, so a replacement may carry the bank id the reversed journal held (unique among live ones).
    await markManyReversed(
      tx,
      rows.flatMap((row) => (row.reversesId ? [{ id: row.reversesId, by: row.id }] : [])),
    );
    const written = await insertJournals(tx, rows, postings);
    return written.map((row, i) => toPosted(row, journals[i]?.lines ?? []));
  });
}

export const linkedMessage = (accountName: string) =>
  `A bank transaction imported into ${accountName} is linked to this: unlink it in My Wallet first.`;

function belowZero(accounts: { id: string; name: string; balanceCents: Cents }[], accountId: string): LedgerRefusal {
  const account = accounts.find((a) => a.id === accountId);
  const name = account?.name ?? 'The account';
  return new LedgerRefusal('below_zero', `${name} cannot go below $0.00`, {
    id: accountId,
    balanceCents: account?.balanceCents ?? (0 as Cents),
  });
}

export function toPosted(row: LedgerJournalRow, lines: Line[]): PostedJournal {
  return {
    id: row.id,
    groupId: row.groupId,
    version: row.version,
    date: row.date,
    kind: row.kind,
    description: row.description,
    originalDescription: row.originalDescription,
    bankCategory: row.bankCategory,
    note: row.note,
    externalId: row.externalId,
    externalAccountId: row.externalAccountId,
    reversesId: row.reversesId,
    batchId: row.batchId,
    createdAt: row.createdAt,
    lines,
  };
}

/** Posts one journal: the only way money moves in Helo. Joins the caller's transaction when given one. */
export async function post(db: Db, userId: string, journal: JournalInput): Promise<PostedJournal> {
  const [posted] = await write(db, userId, [journal]);
  if (!posted) throw new Error('ledger: nothing was posted');
  return posted;
}

/** Posts many journals at once (an import): all or none, each checked after the ones before it. */
export async function postMany(db: Db, userId: string, journals: JournalInput[]): Promise<PostedJournal[]> {
  return write(db, userId, journals);
}

async function reversible(tx: Db, userId: string, journalId: string): Promise<LedgerJournalRow> {
  const journal = await lockJournal(tx, userId, journalId);
  // A staged journal is in no list and no balance: there is nothing of it to undo yet.
  if (!journal || (journal.batchId && !(await isPublished(tx, journal.batchId)))) throw notFound('Journal not found');
  if (journal.reversesId) {
    throw new LedgerRefusal('reversal_of_reversal', 'A reversal is not reversed; post the journal again');
  }
  if (journal.reversedById) throw new LedgerRefusal('already_reversed', 'This was reversed already');
  // A bank row is linked to it (a paycheck the Nest recorded, imported): undone, the money would count nowhere.
  const link = await liveLinkOf(tx, userId, journal.id);
  if (link) throw new LedgerRefusal('linked', linkedMessage(link.accountName));
  return journal;
}

async function linesOf(tx: Db, journalId: string): Promise<Line[]> {
  return (await postingsOf(tx, [journalId])).map(({ accountId, amountCents }) => ({ accountId, amountCents }));
}

export interface ReverseOptions {
  date?: string;
  kind?: string;
  description?: string;
  /** When it was recorded (the caller's clock); the database's time when left out. */
  at?: Date;
  /**
   * Accounts this reversal may not take below zero although they may go there otherwise (a Wallet
   * that spending can overdraw): the Money Nest takes back only what an account still holds.
   */
  neverBelowZero?: readonly string[];
}

/**
 * Undoes a journal with another that gives every account back what it moved, dated like the original
 * unless told otherwise (deleting March's spending takes it out of March). Once only.
 */
export async function reverse(
  db: Db,
  userId: string,
  journalId: string,
  options: ReverseOptions = {},
): Promise<PostedJournal> {
  return db.transaction(async (tx) => {
    const journal = await reversible(tx, userId, journalId);
    const [reversal] = await write(
      tx,
      userId,
      [
        {
          date: options.date ?? journal.date,
          kind: options.kind ?? 'reversal',
          description: options.description ?? journal.description,
          lines: reversalLines(await linesOf(tx, journal.id)),
          groupId: journal.groupId,
          version: journal.version,
          reversesId: journal.id,
          ...(options.at ? { createdAt: options.at } : {}),
        },
      ],
      false,
      options.neverBelowZero,
    );
    if (!reversal) throw new Error('ledger: nothing was posted');
    return reversal;
  });
}

/**
 * What the bank said of a journal (its description, its category) stays what it said in a correction,
 * whatever the user changes, unless the replacement gives it (null clears it).
 */
export function bankWordsKept(
  journal: Pick<PostedJournal, 'originalDescription' | 'bankCategory'>,
  replacement: Pick<JournalInput, 'originalDescription' | 'bankCategory'>,
): Pick<PostedJournal, 'originalDescription' | 'bankCategory'> {
  return {
    originalDescription:
      replacement.originalDescription === undefined ? journal.originalDescription : replacement.originalDescription,
    bankCategory: replacement.bankCategory === undefined ? journal.bankCategory : replacement.bankCategory,
  };
}

/**
 * An edit: reverses the journal and posts its replacement under the same group, as one change checked
 * on its net effect (lowering a deposit the account has partly spent works while what is left covers it).
 * The replacement keeps the time the group was entered and its batch (an imported transaction stays its
 * import's), and the bank's description unless it gives one (null clears it); the reversal carries
 * `at`, the time of the edit.
 */
export async function correct(
  db: Db,
  userId: string,
  journalId: string,
  replacement: Omit<JournalInput, 'createdAt'>,
  options: { at?: Date } = {},
): Promise<PostedJournal> {
  return db.transaction(async (tx) => {
    const journal = await reversible(tx, userId, journalId);
    const written = await write(
      tx,
      userId,
      [
        {
          date: journal.date,
          kind: 'reversal',
          description: journal.description,
          lines: reversalLines(await linesOf(tx, journal.id)),
          groupId: journal.groupId,
          version: journal.version,
          reversesId: journal.id,
          ...(options.at ? { createdAt: options.at } : {}),
        },
        {
          ...replacement,
          ...bankWordsKept(journal, replacement),
          groupId: journal.groupId,
          version: journal.version + 1,
          batchId: journal.batchId,
          createdAt: journal.createdAt,
        },
      ],
      true,
    );
    const posted = written[1];
    if (!posted) throw new Error('ledger: nothing was posted');
    return posted;
  });
}

/**
 * Posts a reversed journal again, as it was, under its group (an undone merge of duplicates brings the
 * transaction back under its id): its day, kind, words, lines, bank id, batch and the time it was
 * entered, as the group's next version. Refused while the group has a live journal (a 409), or for a
 * journal that is not reversed.
 */
export async function repost(db: Db, userId: string, journalId: string): Promise<PostedJournal> {
  return db.transaction(async (tx) => {
    const journal = await lockJournal(tx, userId, journalId);
    if (!journal || journal.reversesId || !journal.reversedById) throw notFound('Journal not found');
    const group = await groupState(tx, userId, journal.groupId);
    if (group.live) throw new LedgerRefusal('already_reversed', 'This transaction is back already');
    const [posted] = await write(tx, userId, [
      {
        date: journal.date,
        kind: journal.kind,
        description: journal.description,
        originalDescription: journal.originalDescription,
        bankCategory: journal.bankCategory,
        note: journal.note,
        lines: await linesOf(tx, journal.id),
        externalId: journal.externalId,
        externalAccountId: journal.externalAccountId,
        groupId: journal.groupId,
        version: group.version + 1,
        batchId: journal.batchId,
        createdAt: journal.createdAt,
      },
    ]);
    if (!posted) throw new Error('ledger: nothing was posted');
    return posted;
  });
}

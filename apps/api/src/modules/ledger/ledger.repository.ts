import type { Db } from '@helo/db/client';
import {
  type LedgerAccountRow,
  type LedgerJournalRow,
  ledgerAccounts,
  ledgerBatches,
  ledgerJournals,
  ledgerPostings,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

/**
 * The ledger's SQL. Only this module writes journals and postings (lint keeps other modules out of its
 * tables); balances are written by the database's own triggers (migration 0023).
 */

/**
 * The user's accounts among `ids`, locked until the transaction ends, in id order so that two journals
 * touching the same accounts wait for each other instead of deadlocking. On PostgreSQL the balance read
 * after the lock is the committed one: the check against "never below zero" sees every earlier journal.
 */
export async function lockAccounts(tx: Db, userId: string, ids: readonly string[]): Promise<LedgerAccountRow[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.id, [...ids])))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

export interface NewJournal {
  id: string;
  userId: string;
  groupId: string;
  version: number;
  date: string;
  kind: string;
  description: string;
  originalDescription: string | null;
  bankCategory: string | null;
  note: string | null;
  externalId: string | null;
  externalAccountId: string | null;
  reversesId: string | null;
  batchId: string | null;
  createdAt?: Date;
}

export interface NewPosting {
  journalId: string;
  userId: string;
  accountId: string;
  amountCents: Cents;
  date: string;
  batchId: string | null;
}

/** Journals in one statement, then all their postings in one (the trigger checks each journal sums to zero). */
export async function insertJournals(
  tx: Db,
  journals: NewJournal[],
  postings: NewPosting[],
): Promise<LedgerJournalRow[]> {
  const rows = await tx.insert(ledgerJournals).values(journals).returning();
  await tx.insert(ledgerPostings).values(postings);
  return rows;
}

export async function lockJournal(tx: Db, userId: string, journalId: string): Promise<LedgerJournalRow | undefined> {
  const [row] = await tx
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), eq(ledgerJournals.id, journalId)))
    .for('update');
  return row;
}

export async function postingsOf(db: Db, journalIds: readonly string[]) {
  if (journalIds.length === 0) return [];
  return db
    .select({
      journalId: ledgerPostings.journalId,
      accountId: ledgerPostings.accountId,
      amountCents: ledgerPostings.amountCents,
    })
    .from(ledgerPostings)
    .where(inArray(ledgerPostings.journalId, [...journalIds]))
    .orderBy(asc(ledgerPostings.id));
}

/** The group's highest version and whether a journal of it is live (neither reversed nor a reversal). */
export async function groupState(tx: Db, userId: string, groupId: string): Promise<{ live: boolean; version: number }> {
  const [row] = await tx
    .select({
      live: sql<boolean>`bool_or(${ledgerJournals.reversedById} IS NULL AND ${ledgerJournals.reversesId} IS NULL)`,
      version: sql<number>`max(${ledgerJournals.version})::int`,
    })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), eq(ledgerJournals.groupId, groupId)));
  return { live: row?.live ?? false, version: row?.version ?? 0 };
}

export async function insertAccount(db: Db, values: typeof ledgerAccounts.$inferInsert): Promise<LedgerAccountRow> {
  const [row] = await db.insert(ledgerAccounts).values(values).returning();
  if (!row) throw new Error('The insert returned no account');
  return row;
}

/** The account of a subject (a goal, a loan) or the outside account of a kind and name, made if missing. */
export async function upsertKeyedAccount(
  db: Db,
  values: typeof ledgerAccounts.$inferInsert & { subjectId?: string | null },
): Promise<LedgerAccountRow> {
  const inserted = await db.insert(ledgerAccounts).values(values).onConflictDoNothing().returning();
  if (inserted[0]) return inserted[0];
  const where = values.subjectId
    ? and(
        eq(ledgerAccounts.userId, values.userId),
        eq(ledgerAccounts.kind, values.kind),
        eq(ledgerAccounts.subjectId, values.subjectId),
      )
    : and(
        eq(ledgerAccounts.userId, values.userId),
        eq(ledgerAccounts.kind, values.kind),
        eq(ledgerAccounts.name, values.name),
      );
  const [row] = await db.select().from(ledgerAccounts).where(where).limit(1);
  if (!row) throw new Error('The account conflicted but cannot be read');
  return row;
}

export async function findAccounts(db: Db, userId: string, ids?: readonly string[]): Promise<LedgerAccountRow[]> {
  const where = ids
    ? and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.id, [...ids]))
    : eq(ledgerAccounts.userId, userId);
  return db.select().from(ledgerAccounts).where(where).orderBy(asc(ledgerAccounts.createdAt), asc(ledgerAccounts.id));
}

/** Whether any posting names the account (an account with none may be deleted). */
export async function hasPostings(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.accountId, accountId))
    .limit(1);
  return rows.length > 0;
}

/** Whether the batch has been published (its journals count). */
export async function isPublished(db: Db, batchId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerBatches.id })
    .from(ledgerBatches)
    .where(and(eq(ledgerBatches.id, batchId), isNotNull(ledgerBatches.publishedAt)));
  return row !== undefined;
}

/** The user's account, locked until the transaction ends (a save of its fields, its closing). */
export async function lockAccount(tx: Db, userId: string, id: string): Promise<LedgerAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.id, id)))
    .for('update');
  return row;
}

/** The account's own fields (never its money, kind or owner: the trigger of migration 0023 refuses those). */
export async function writeAccountFields(
  tx: Db,
  id: string,
  fields: Partial<Pick<LedgerAccountRow, 'name' | 'institution' | 'lastFour' | 'closedAt' | 'version'>>,
): Promise<LedgerAccountRow> {
  const [row] = await tx.update(ledgerAccounts).set(fields).where(eq(ledgerAccounts.id, id)).returning();
  if (!row) throw new Error('The update found no account');
  return row;
}

export async function deleteAccountRow(tx: Db, id: string): Promise<void> {
  await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.id, id));
}

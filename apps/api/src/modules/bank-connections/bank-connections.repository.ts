import type { Db } from '@helo/db/client';
import {
  type BankConnectionAccountRow,
  type BankConnectionRow,
  type BankPendingTransactionRow,
  bankConnectionAccounts,
  bankConnections,
  bankPendingTransactions,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

/** The SQL of bank connections; every query of user data filters on the user. */

export async function insertConnection(
  db: Db,
  userId: string,
  row: { id: string; provider: 'simplefin'; accessSealed: string; name: string; createdAt: Date },
): Promise<BankConnectionRow> {
  const [saved] = await db
    .insert(bankConnections)
    .values({ ...row, userId })
    .returning();
  if (!saved) throw new Error('bank connection not written');
  return saved;
}

export async function countConnections(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankConnections).where(eq(bankConnections.userId, userId));
  return row?.n ?? 0;
}

export function connectionsOf(db: Db, userId: string): Promise<BankConnectionRow[]> {
  return db
    .select()
    .from(bankConnections)
    .where(eq(bankConnections.userId, userId))
    .orderBy(asc(bankConnections.createdAt), asc(bankConnections.id));
}

export async function findConnection(
  db: Db,
  userId: string,
  id: string,
  lock = false,
): Promise<BankConnectionRow | undefined> {
  const query = db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function bankAccountsOf(
  db: Db,
  userId: string,
  connectionIds: readonly string[],
): Promise<BankConnectionAccountRow[]> {
  if (connectionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bankConnectionAccounts)
    .where(
      and(eq(bankConnectionAccounts.userId, userId), inArray(bankConnectionAccounts.connectionId, [...connectionIds])),
    )
    .orderBy(asc(bankConnectionAccounts.createdAt), asc(bankConnectionAccounts.name), asc(bankConnectionAccounts.id));
}

export interface BankAccountFigures {
  externalId: string;
  name: string;
  currency: string;
  institution: string | null;
  bankBalanceCents: Cents | null;
  availableBalanceCents: Cents | null;
  balanceDate: Date | null;
}

/** The bank's accounts as the provider listed them now: new ones added (not synced), known ones refreshed. */
export async function saveBankAccounts(
  db: Db,
  userId: string,
  connectionId: string,
  accounts: readonly BankAccountFigures[],
  now: Date,
): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insert(bankConnectionAccounts)
    .values(accounts.map((a) => ({ ...a, userId, connectionId, createdAt: now })))
    .onConflictDoUpdate({
      target: [bankConnectionAccounts.connectionId, bankConnectionAccounts.externalId],
      set: {
        name: sql`excluded.name`,
        currency: sql`excluded.currency`,
        institution: sql`excluded.institution`,
        bankBalanceCents: sql`excluded.bank_balance_cents`,
        availableBalanceCents: sql`excluded.available_balance_cents`,
        balanceDate: sql`excluded.balance_date`,
      },
    });
}

export async function setMapping(
  db: Db,
  userId: string,
  bankAccountId: string,
  accountId: string | null,
): Promise<void> {
  await db
    .update(bankConnectionAccounts)
    .set({ accountId })
    .where(and(eq(bankConnectionAccounts.userId, userId), eq(bankConnectionAccounts.id, bankAccountId)));
}

export async function markAccountSynced(db: Db, userId: string, bankAccountId: string, at: Date): Promise<void> {
  await db
    .update(bankConnectionAccounts)
    .set({ lastSyncedAt: at })
    .where(and(eq(bankConnectionAccounts.userId, userId), eq(bankConnectionAccounts.id, bankAccountId)));
}

/** The outcome of a sync on the connection: a success clears the error, a failure keeps the last one's time. */
export async function saveOutcome(
  db: Db,
  userId: string,
  id: string,
  outcome: { at: Date; error: string | null; bankMessages: string[]; synced: boolean; name?: string },
): Promise<void> {
  await db
    .update(bankConnections)
    .set({
      lastAttemptAt: outcome.at,
      error: outcome.error,
      errorAt:
        outcome.error === null
          ? null
          : sql`coalesce(${bankConnections.errorAt}, ${outcome.at.toISOString()}::timestamptz)`,
      bankMessages: outcome.bankMessages.length > 0 ? outcome.bankMessages.join('\n') : null,
      ...(outcome.synced ? { lastSyncedAt: outcome.at } : {}),
      ...(outcome.name ? { name: outcome.name } : {}),
    })
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, id)));
}

export async function deleteConnection(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(bankConnections)
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, id)))
    .returning({ id: bankConnections.id });
  return gone.length > 0;
}

/** Every user's connections not synced since `before` (the daily job), oldest first. */
export function connectionsDue(db: Db, before: Date, limit: number): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: bankConnections.id, userId: bankConnections.userId })
    .from(bankConnections)
    .where(or(isNull(bankConnections.lastAttemptAt), lt(bankConnections.lastAttemptAt, before)))
    .orderBy(asc(bankConnections.lastAttemptAt))
    .limit(limit);
}

export function pendingOf(db: Db, userId: string, bankAccountId: string): Promise<BankPendingTransactionRow[]> {
  return db
    .select()
    .from(bankPendingTransactions)
    .where(
      and(eq(bankPendingTransactions.userId, userId), eq(bankPendingTransactions.connectionAccountId, bankAccountId)),
    )
    .orderBy(asc(bankPendingTransactions.date), asc(bankPendingTransactions.id));
}

export async function insertPending(
  db: Db,
  userId: string,
  rows: readonly {
    connectionAccountId: string;
    groupId: string;
    externalId: string;
    amountCents: Cents;
    date: string;
  }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(bankPendingTransactions)
    .values(rows.map((r) => ({ ...r, userId, createdAt: now })))
    .onConflictDoNothing();
}

export async function deletePending(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(bankPendingTransactions)
    .where(and(eq(bankPendingTransactions.userId, userId), inArray(bankPendingTransactions.id, [...ids])));
}

import type { Db } from '@helo/db/client';
import { feedback, outboxMail, users } from '@helo/db/schema';
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { UserTable } from './account-tables.ts';

/** A row as exported: database column names, timestamps as ISO strings, secrets left out. */
export type ExportRow = Record<string, unknown>;

/** The database names of a table's exported columns, in the table's order. */
export function exportedColumns(t: UserTable): string[] {
  return Object.values(getTableColumns(t.table))
    .map((c) => c.name)
    .filter((name) => !t.withheld.includes(name));
}

/** The user's rows of one table (by id, or by email for tables that only know the address). */
export async function readUserRows(db: Db, t: UserTable, user: { id: string; email: string }): Promise<ExportRow[]> {
  const columns = Object.entries(getTableColumns(t.table)).filter(([, c]) => !t.withheld.includes(c.name));
  const rows = await db
    .select(Object.fromEntries(columns))
    .from(t.table as PgTable)
    .where(eq(t.scope.column, t.scope.by === 'email' ? user.email : user.id))
    .orderBy(...t.orderBy.map((c) => asc(c)));
  return rows.map((row) =>
    Object.fromEntries(
      columns.map(([key, c]) => {
        const value = (row as Record<string, unknown>)[key];
        return [c.name, value instanceof Date ? value.toISOString() : value];
      }),
    ),
  );
}

/** Locks the user's row for the deletion: nothing of the user is written while it runs. */
export async function lockUserForDeletion(tx: Db, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * Deletes what would outlive the user's row: feedback (its foreign key sets null, so an answer
 * would stay, unsigned but with its comment) and every mail to or about the user, sent or not: a
 * reminder still pending must not reach a deleted account, and an advisor request mailed to support
 * names the user's address in its body.
 */
export async function deleteRowsOutsideCascade(tx: Db, userId: string, email: string): Promise<void> {
  await tx.delete(feedback).where(eq(feedback.userId, userId));
  await tx
    .delete(outboxMail)
    .where(or(eq(outboxMail.toAddress, email), sql`strpos(${outboxMail.textBody}, ${email}) > 0`));
}

/** Deletes the user's row; every other table of the user cascades from it. */
export async function deleteUser(tx: Db, userId: string): Promise<boolean> {
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length === 1;
}

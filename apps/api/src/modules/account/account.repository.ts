import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { UserTable } from '../../api-module.ts';

/** A row as exported: keyed by the database's column names, secrets left out (times stay Dates until written). */
export type ExportRow = Record<string, unknown>;

const exported = (t: UserTable) => Object.values(getTableColumns(t.table)).filter((c) => !t.withheld.includes(c.name));

/** The database names of a table's exported columns, in the table's order. */
export function exportedColumns(t: UserTable): string[] {
  return exported(t).map((c) => c.name);
}

/** The user's rows of one table (by id, or by email for tables that only know the address). */
export async function readUserRows(db: Db, t: UserTable, user: { id: string; email: string }): Promise<ExportRow[]> {
  return db
    .select(Object.fromEntries(exported(t).map((c) => [c.name, c])))
    .from(t.table as PgTable)
    .where(eq(t.scope.column, t.scope.by === 'email' ? user.email : user.id))
    .orderBy(...t.orderBy.map((c) => asc(c)));
}

/** Locks the user's row for the deletion: nothing of the user is written while it runs. */
export async function lockUserForDeletion(tx: Db, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * Deletes what would outlive the user's row: the rows of every table whose module says how
 * (`deleteOutsideCascade`: feedback, whose foreign key sets null; the mail to or about the user).
 */
export async function deleteRowsOutsideCascade(
  tx: Db,
  userTables: UserTable[],
  user: { id: string; email: string },
): Promise<void> {
  for (const t of userTables) await t.deleteOutsideCascade?.(tx, user);
}

/** Deletes the user's row; every other table of the user cascades from it. */
export async function deleteUser(tx: Db, userId: string): Promise<boolean> {
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length === 1;
}

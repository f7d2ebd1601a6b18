import type { Db } from '@helo/db/client';
import { type EditTags, walletEdits as edits, walletEditItems as items } from '@helo/db/schema';
import { and, asc, eq } from 'drizzle-orm';

export interface NewEditItem {
  groupId: string;
  beforeJournalId: string;
  afterJournalId: string;
  tags?: EditTags | null;
}

/** Inserts the edit and its items (a statement per 1,000 items); the edit's id. */
export async function insertEdit(
  db: Db,
  userId: string,
  kind: string,
  list: readonly NewEditItem[],
  at: Date,
  ruleId: string | null,
): Promise<string> {
  const [edit] = await db.insert(edits).values({ userId, kind, ruleId, createdAt: at }).returning({ id: edits.id });
  if (!edit) throw new Error('wallet_edits: nothing inserted');
  for (let i = 0; i < list.length; i += 1000) {
    await db
      .insert(items)
      .values(list.slice(i, i + 1000).map((item) => ({ ...item, tags: item.tags ?? null, editId: edit.id, userId })));
  }
  return edit.id;
}

/** The user's edit, locked until the transaction ends (two undos of one edit run one after the other). */
export async function lockEdit(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(edits)
    .where(and(eq(edits.userId, userId), eq(edits.id, id)))
    .for('update');
  return row;
}

/** The edit's items, in the order of their transactions' ids (the order rows are locked in). */
export function itemsOf(db: Db, userId: string, editId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.editId, editId)))
    .orderBy(asc(items.groupId));
}

export async function markUndone(db: Db, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(edits)
    .set({ undoneAt: at })
    .where(and(eq(edits.userId, userId), eq(edits.id, id)));
}

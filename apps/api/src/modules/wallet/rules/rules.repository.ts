import type { Db } from '@helo/db/client';
import { walletRules as rules, type WalletRuleRow } from '@helo/db/schema';
import { and, asc, count, eq, gt, max, sql } from 'drizzle-orm';

/** My Wallet's rules: SQL only, every query on the user's rows (their applications are ../edits's). */

/** The user's rules in their order. */
export function listRules(db: Db, userId: string): Promise<WalletRuleRow[]> {
  return db.select().from(rules).where(eq(rules.userId, userId)).orderBy(asc(rules.position), asc(rules.createdAt));
}

export async function countRules(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rules).where(eq(rules.userId, userId));
  return row?.n ?? 0;
}

export async function findRule(db: Db, userId: string, id: string, lock = false): Promise<WalletRuleRow | undefined> {
  const q = db
    .select()
    .from(rules)
    .where(and(eq(rules.userId, userId), eq(rules.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export interface RuleFields {
  name: string;
  conditions: unknown[];
  actions: unknown[];
}

/** A new rule at the end of the list. */
export async function insertRule(db: Db, userId: string, fields: RuleFields, now: Date): Promise<WalletRuleRow> {
  const [last] = await db
    .select({ p: max(rules.position) })
    .from(rules)
    .where(eq(rules.userId, userId));
  const [row] = await db
    .insert(rules)
    .values({ userId, ...fields, position: (last?.p ?? 0) + 1, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('rule not inserted');
  return row;
}

export async function updateRule(
  db: Db,
  userId: string,
  id: string,
  fields: RuleFields,
  now: Date,
): Promise<WalletRuleRow> {
  const [row] = await db
    .update(rules)
    .set({ ...fields, version: sql`${rules.version} + 1`, updatedAt: now })
    .where(and(eq(rules.userId, userId), eq(rules.id, id)))
    .returning();
  if (!row) throw new Error('rule not updated');
  return row;
}

/** Deletes the rule and closes the gap it leaves in the order. */
export async function deleteRule(db: Db, userId: string, row: WalletRuleRow): Promise<void> {
  await db.delete(rules).where(and(eq(rules.userId, userId), eq(rules.id, row.id)));
  await db
    .update(rules)
    .set({ position: sql`${rules.position} - 1` })
    .where(and(eq(rules.userId, userId), gt(rules.position, row.position)));
}

/** Puts the rules in this order (every id the user's; the caller checked). */
export async function setOrder(db: Db, userId: string, ids: readonly string[], now: Date): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db
      .update(rules)
      .set({ position: i + 1, updatedAt: now })
      .where(and(eq(rules.userId, userId), eq(rules.id, id), sql`${rules.position} <> ${i + 1}`));
  }
}

import type { Db } from '@helo/db/client';
import {
  walletRuleApplications as applications,
  walletRuleApplicationItems as items,
  walletRules as rules,
  type WalletRuleRow,
} from '@helo/db/schema';
import { and, asc, count, eq, gt, isNull, max, sql } from 'drizzle-orm';

/** My Wallet's rules and their applications: SQL only, every query on the user's rows. */

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

export interface AppliedItem {
  groupId: string;
  beforeJournalId: string;
  afterJournalId: string;
  tagsAdded: string[];
}

/** An application of a rule and the transactions it changed. */
export async function insertApplication(
  db: Db,
  userId: string,
  ruleId: string,
  changed: readonly AppliedItem[],
  now: Date,
): Promise<string> {
  const [row] = await db.insert(applications).values({ userId, ruleId, createdAt: now }).returning();
  if (!row) throw new Error('application not inserted');
  for (let i = 0; i < changed.length; i += 500) {
    await db.insert(items).values(changed.slice(i, i + 500).map((c) => ({ ...c, userId, applicationId: row.id })));
  }
  return row.id;
}

/** The application (not yet undone or undone), locked. */
export async function lockApplication(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), eq(applications.id, id)))
    .for('update');
  return row;
}

export function itemsOf(db: Db, userId: string, applicationId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.applicationId, applicationId)))
    .orderBy(asc(items.groupId));
}

export async function markUndone(db: Db, userId: string, id: string, now: Date): Promise<void> {
  await db
    .update(applications)
    .set({ undoneAt: now })
    .where(and(eq(applications.userId, userId), eq(applications.id, id), isNull(applications.undoneAt)));
}

import type { Db } from '@helo/db/client';
import { debts, goals } from '@helo/db/schema';
import { asc } from 'drizzle-orm';

export function listGoals(db: Db) {
  return db.select().from(goals).orderBy(asc(goals.sortOrder));
}

export function listDebts(db: Db) {
  return db.select().from(debts).orderBy(asc(debts.sortOrder));
}

import type { Db } from '@helo/db/client';
import { toolWaitlist } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';

/** When the user joined each tool's waitlist, by tool id. */
export async function listJoined(db: Db, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ toolId: toolWaitlist.toolId, joinedAt: toolWaitlist.joinedAt })
    .from(toolWaitlist)
    .where(eq(toolWaitlist.userId, userId));
  return new Map(rows.map((r) => [r.toolId, r.joinedAt]));
}

export async function joinedAt(db: Db, userId: string, toolId: string): Promise<Date | null> {
  const [row] = await db
    .select({ joinedAt: toolWaitlist.joinedAt })
    .from(toolWaitlist)
    .where(and(eq(toolWaitlist.userId, userId), eq(toolWaitlist.toolId, toolId)));
  return row?.joinedAt ?? null;
}

/**
 * Puts the user on the list unless already there; true when this call added the row. ON CONFLICT on
 * the primary key makes two joins at once one row (the second adds nothing) without a lock.
 */
export async function join(db: Db, userId: string, toolId: string, now: Date): Promise<boolean> {
  const added = await db
    .insert(toolWaitlist)
    .values({ userId, toolId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ toolId: toolWaitlist.toolId });
  return added.length > 0;
}

/** Takes the user off the list; true when there was a row to remove. */
export async function leave(db: Db, userId: string, toolId: string): Promise<boolean> {
  const removed = await db
    .delete(toolWaitlist)
    .where(and(eq(toolWaitlist.userId, userId), eq(toolWaitlist.toolId, toolId)))
    .returning({ toolId: toolWaitlist.toolId });
  return removed.length > 0;
}

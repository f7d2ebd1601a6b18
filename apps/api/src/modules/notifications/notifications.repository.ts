import type { Db } from '@helo/db/client';
import { type NotificationRow, notifications } from '@helo/db/schema';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';

export interface NewNotification {
  kind: string;
  title: string;
  message: string;
  /** Makes the notification exist once per user and key; a second insert is ignored. */
  dedupeKey?: string;
}

/** Adds a notification; returns it, or null when one with the same dedupe key already exists. */
export async function insertNotification(
  db: Db,
  userId: string,
  n: NewNotification,
  now: Date,
): Promise<NotificationRow | null> {
  const [row] = await insertNotifications(db, [{ ...n, userId }], now);
  return row ?? null;
}

/**
 * Adds many notifications in one statement; returns the ones written. Those whose dedupe key the
 * user already has are skipped, so concurrent writers never create one twice.
 */
export async function insertNotifications(
  db: Db,
  rows: (NewNotification & { userId: string })[],
  now: Date,
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(
      rows.map((n) => ({
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        message: n.message,
        dedupeKey: n.dedupeKey ?? null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
}

/** Where a page ends: the last row's time and id (ids break ties between equal times). */
export interface NotificationCursor {
  createdAt: Date;
  id: string;
}

/**
 * One page, newest first, strictly after `after` (unread rows only with `unreadOnly`); `limit + 1`
 * rows are read to tell if more follow.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
  after?: NotificationCursor,
  unreadOnly = false,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        unreadOnly ? isNull(notifications.readAt) : undefined,
        after
          ? or(
              lt(notifications.createdAt, after.createdAt),
              and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return existing;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

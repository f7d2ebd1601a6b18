import type { Db } from '@helo/db/client';
import { type EmailReminderPreferencesRow, emailReminderPreferences as table } from '@helo/db/schema';
import { eq } from 'drizzle-orm';

export type ReminderPreferenceValues = Omit<EmailReminderPreferencesRow, 'userId' | 'updatedAt'>;

/** The user's saved row, or undefined for someone who never saved any. */
export async function findReminderPreferences(
  db: Db,
  userId: string,
): Promise<EmailReminderPreferencesRow | undefined> {
  const [row] = await db.select().from(table).where(eq(table.userId, userId)).limit(1);
  return row;
}

/** Writes the user's row whole (one row per user, so a save is an upsert). */
export async function saveReminderPreferences(
  db: Db,
  userId: string,
  values: ReminderPreferenceValues,
  now: Date,
): Promise<void> {
  const set = { ...values, updatedAt: now };
  await db
    .insert(table)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: table.userId, set });
}

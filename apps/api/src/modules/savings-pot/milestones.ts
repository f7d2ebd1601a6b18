import { EMERGENCY_FUND_MILESTONES } from '@helo/contract/emergency-fund';
import { DEFAULT_REMINDER_PREFERENCES } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailMessage, milestoneMail } from '../../mail/templates.ts';
import { findReminderPreferences, insertNotification, type NewNotification } from '../notifications/index.ts';

/**
 * The milestone a write should announce, or null. Milestones are 25, 50, 75 and 100 % of the
 * pot's target (the fund's 3-month target, a goal's target). Each is announced once ever: `alreadyReached` is the highest
 * one announced before, and it never goes down, so a balance that dips below 25 % and climbs back is
 * not congratulated twice. When one write crosses several, only the highest is announced and the
 * lower ones count as reached with it.
 *
 * Reached means really reached, compared in whole cents: $2,999.99 of $12,000 shows as 25.00 %
 * (two decimals, half-up) but is not yet a quarter, and a message saying "25 % of your target" next
 * to $2,999.99 would be wrong. With no target (a fund's monthly expenses of 0) the progress is 100 %
 * by definition, which is no achievement: nothing is announced and nothing is marked reached, so the
 * milestones still come once the user enters their expenses.
 */
export function milestoneToAnnounce(savedCents: number, targetCents: number, alreadyReached: number) {
  if (targetCents <= 0) return null;
  const saved = BigInt(savedCents) * 100n;
  const reached = EMERGENCY_FUND_MILESTONES.filter((m) => saved >= BigInt(m) * BigInt(targetCents)).at(-1);
  return reached !== undefined && reached > alreadyReached ? reached : null;
}

/**
 * A milestone's notification, in the write's transaction, and its mail (through the outbox, announced
 * to the mailer after the commit: added to `mails`) when the user wants milestone mail.
 */
export async function announceMilestone(
  tx: Db,
  mailer: Mailer,
  userId: string,
  note: NewNotification,
  now: Date,
  mails: MailMessage[],
): Promise<void> {
  const written = await insertNotification(tx, userId, note, now);
  if (!written) return;
  const preferences = await findReminderPreferences(tx, userId);
  if (!(preferences?.goalMilestones ?? DEFAULT_REMINDER_PREFERENCES.goal_milestones)) return;
  const [contact] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!contact) return;
  const mail = milestoneMail(contact.email, contact.firstName, note);
  await mailer.queue(tx, mail);
  mails.push(mail);
}

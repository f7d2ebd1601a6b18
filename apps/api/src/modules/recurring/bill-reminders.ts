import { DEFAULT_REMINDER_PREFERENCES, LEAD_DAYS_MAX } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import { emailReminderPreferences, recurringSeries, users } from '@helo/db/schema';
import { addDays, longDayLabel } from '@helo/finance/calendar';
import { formatCents } from '@helo/finance/format';
import { occurrences } from '@helo/finance/recurring';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { billDueMail } from '../../mail/templates.ts';
import { insertNotifications } from '../notifications/index.ts';
import { paymentsBetween } from './recurring.repository.ts';

/**
 * One "bill due" notification per bill or subscription and due date once the date is within the
 * user's payment reminders' lead days (the loans' preference: "Payment due reminders"), unless a
 * transaction already paid it; mailed when the user wants payment reminders. The dedupe key lets one
 * writer create it, and only that writer mails (as the loans' reminders).
 */
export async function runBillReminders(deps: { db: Db; clock: Clock; mailer: Mailer }): Promise<number> {
  const { db, clock, mailer } = deps;
  const now = clock.now();
  const today = productToday(now);
  const rows = await db
    .select({
      series: recurringSeries,
      email: users.email,
      firstName: users.firstName,
      leadDays: sql<number>`coalesce(${emailReminderPreferences.paymentDueLeadDays}, ${DEFAULT_REMINDER_PREFERENCES.payment_due_lead_days})`,
      wantsEmail: sql<boolean>`coalesce(${emailReminderPreferences.paymentDueReminders}, ${DEFAULT_REMINDER_PREFERENCES.payment_due_reminders})`,
    })
    .from(recurringSeries)
    .innerJoin(users, eq(users.id, recurringSeries.userId))
    .leftJoin(emailReminderPreferences, eq(emailReminderPreferences.userId, recurringSeries.userId))
    .where(inArray(recurringSeries.kind, ['bill', 'subscription']));
  let created = 0;
  for (const row of rows) {
    const s = row.series;
    const due = occurrences(
      { cadence: s.cadence, start: s.startDate, end: s.endDate },
      today,
      addDays(today, Math.min(Number(row.leadDays), LEAD_DAYS_MAX)),
    );
    if (due.length === 0) continue;
    const mails = await db.transaction(async (tx) => {
      const paid = new Set(
        (await paymentsBetween(tx, s.userId, today, due.at(-1) as string))
          .filter((p) => p.seriesId === s.id)
          .map((p) => p.dueDate),
      );
      const batch = due
        .filter((d) => !paid.has(d))
        .map((d) => {
          const amount = formatCents(s.amountCents);
          const when = longDayLabel(d);
          return {
            userId: s.userId,
            kind: 'bill_due',
            title: 'Bill due soon',
            message: `${s.name} (${amount}) is due on ${when}.`,
            dedupeKey: `bill-due:${s.id}:${d}`,
            mail: row.wantsEmail ? billDueMail(row.email, row.firstName, s.name, amount, when) : null,
          };
        });
      const written = await insertNotifications(tx, batch, now);
      const keys = new Set(written.map((n) => n.dedupeKey));
      const toSend = batch.flatMap((b) => (b.mail && keys.has(b.dedupeKey) ? [b.mail] : []));
      for (const mail of toSend) await mailer.queue(tx, mail);
      created += written.length;
      return toSend;
    });
    mailer.afterCommit(mails);
  }
  return created;
}

import { DEFAULT_REMINDER_PREFERENCES, LEAD_DAYS_MAX } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import { debts, emailReminderPreferences, userDebts, users } from '@helo/db/schema';
import { addDays, longDayLabel } from '@helo/finance/calendar';
import { nextDueDate } from '@helo/finance/due-date';
import { formatCents } from '@helo/finance/format';
import { eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { paymentDueMail } from '../../mail/templates.ts';
import { insertNotifications } from '../notifications/index.ts';

const singular = (name: string) => name.replace(/s$/, '').toLowerCase();

// Reminders written by one statement; bounds the statement's size whatever the number of loans.
const BATCH = 500;

/**
 * Writes one "payment due" notification per loan and due date once the date is within the user's
 * lead days, and mails it when the user wants payment reminders. Safe to run on several servers at
 * once: the notification's dedupe key lets exactly one writer create it, and only that writer mails.
 */
export async function runLoanPaymentReminders(deps: { db: Db; clock: Clock; mailer: Mailer }): Promise<number> {
  const { db, clock, mailer } = deps;
  const now = clock.now();
  // Due dates are days in the product's time zone (notifications are labelled ET).
  const today = productToday(now);
  const leadDays = sql<number>`coalesce(${emailReminderPreferences.paymentDueLeadDays}, ${DEFAULT_REMINDER_PREFERENCES.payment_due_lead_days})`;
  const rows = await db
    .select({
      loanId: userDebts.id,
      userId: userDebts.userId,
      dueDate: userDebts.dueDate,
      dueDay: userDebts.dueDay,
      leadDays,
      paymentCents: userDebts.monthlyPaymentCents,
      debtName: debts.debtName,
      email: users.email,
      firstName: users.firstName,
      wantsEmail: sql<boolean>`coalesce(${emailReminderPreferences.paymentDueReminders}, ${DEFAULT_REMINDER_PREFERENCES.payment_due_reminders})`,
    })
    .from(userDebts)
    .innerJoin(debts, eq(debts.id, userDebts.debtId))
    .innerJoin(users, eq(users.id, userDebts.userId))
    .leftJoin(emailReminderPreferences, eq(emailReminderPreferences.userId, userDebts.userId))
    // The widest window (an index range); a date that has passed is read as the date it rolls on to
    // (the daily roll may not have written it yet), then each user's own lead days decide.
    .where(lte(userDebts.dueDate, addDays(today, LEAD_DAYS_MAX)));

  // One statement per batch rather than a transaction per loan: the notifications are written
  // together, and only those this run created (not another server's) get their mail, in the same
  // transaction.
  const all = rows
    .map((row) => ({ ...row, dueDate: nextDueDate(row.dueDate, today, row.dueDay) }))
    .filter((row) => row.dueDate <= addDays(today, Number(row.leadDays)))
    .map(reminderOf);
  let created = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const mails = await db.transaction(async (tx) => {
      const written = await insertNotifications(tx, batch, now);
      const keys = new Set(written.map((n) => `${n.userId}|${n.dedupeKey}`));
      const toSend = batch.flatMap((b) => (b.mail && keys.has(`${b.userId}|${b.dedupeKey}`) ? [b.mail] : []));
      for (const mail of toSend) await mailer.queue(tx, mail);
      created += written.length;
      return toSend;
    });
    mailer.afterCommit(mails);
  }
  return created;
}

function reminderOf(row: {
  userId: string;
  loanId: string;
  dueDate: string;
  paymentCents: number;
  debtName: string;
  email: string;
  firstName: string;
  wantsEmail: boolean;
}) {
  const amount = formatCents(row.paymentCents);
  const when = longDayLabel(row.dueDate);
  return {
    userId: row.userId,
    kind: 'loan_payment_due',
    title: 'Loan payment due soon',
    message: `Your ${singular(row.debtName)} payment of ${amount} is due on ${when}.`,
    // One reminder per loan and due date: loans keep their ids when saved (the web app sends them),
    // so a save does not repeat it, and two loans alike in type, amount and day get one each.
    dedupeKey: `loan-payment-due:${row.loanId}:${row.dueDate}`,
    mail: row.wantsEmail ? paymentDueMail(row.email, row.firstName, singular(row.debtName), amount, when) : null,
  };
}

import { emailReminderPreferences, notifications, outboxMail } from '@helo/db/schema';
import { eq, or, sql } from 'drizzle-orm';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { NotificationService } from './notifications.service.ts';
import { reminderPreferenceRoutes } from './reminder-preferences.routes.ts';
import { ReminderPreferencesService } from './reminder-preferences.service.ts';

/**
 * The notifications in the app (/api/v1/notifications), which emails a user wants
 * (/api/v1/email-reminder-preferences), and, for the export and the deletion, the mail sent to them.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  services: ({ db, clock }) => ({
    notifications: new NotificationService(db, clock),
    reminderPreferences: new ReminderPreferencesService(db, clock),
  }),
  routes: (_deps, { notifications, reminderPreferences, authenticate }) => [
    routes('/api/v1/notifications', notificationRoutes, { service: notifications, authenticate }),
    routes('/api/v1/email-reminder-preferences', reminderPreferenceRoutes, {
      service: reminderPreferences,
      authenticate,
    }),
  ],
  userTables: [
    {
      name: 'notifications',
      table: notifications,
      scope: byUser(notifications.userId),
      withheld: [],
      about: 'The notifications in the app, read or not.',
      orderBy: [notifications.createdAt, notifications.id],
    },
    {
      name: 'email_reminder_preferences',
      table: emailReminderPreferences,
      scope: byUser(emailReminderPreferences.userId),
      withheld: [],
      about: 'Which emails you want from us (empty: the defaults, never changed).',
      orderBy: [emailReminderPreferences.userId],
    },
    {
      name: 'outbox_mail',
      table: outboxMail,
      scope: { column: outboxMail.toAddress, by: 'email' },
      // The bodies hold sign-in and reset links (and are removed once a mail is delivered).
      withheld: ['text_body', 'html_body', 'last_error'],
      about: 'The emails we sent (or are about to send) to your address: subject, kind, when; not their text.',
      orderBy: [outboxMail.createdAt, outboxMail.id],
      // Every mail to or about the user, sent or not: a reminder still pending must not reach a
      // deleted account, and an advisor request mailed to support names the user's address in its body.
      deleteOutsideCascade: async (tx, { email }) => {
        await tx
          .delete(outboxMail)
          .where(or(eq(outboxMail.toAddress, email), sql`strpos(${outboxMail.textBody}, ${email}) > 0`));
      },
    },
  ],
});

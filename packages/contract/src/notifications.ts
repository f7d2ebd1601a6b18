import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';

/** The spec's notification, `_id` and all. `date` is the ISO instant it was created. */
export const notification = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  date: z.string(),
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATIONS_PAGE_DEFAULT = 50;
export const NOTIFICATIONS_PAGE_MAX = 100;

/** A page of the list: `cursor` is the `next_cursor` of the page before. */
export const notificationsQuery = z.object({
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(NOTIFICATIONS_PAGE_MAX, `Limit must be at most ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  /** `true`: only the unread ones (the notifications page's filter); the cursor works the same. */
  unread: z
    .enum(['true', 'false'], { error: 'Unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * Newest first, a page at a time. `data` stays the spec's array; `next_cursor` (null on the last
 * page) and `unread_count` (over every page) sit beside it.
 */
export const notificationsResponse = envelope(z.array(notification)).extend({
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsResponse>;
export const notificationResponse = envelope(notification);
export const markAllReadResponse = envelope(z.object({ updated: z.number().int() }));
export const notificationParams = z.object({ id: text('Notification id').max(64) });

export const LEAD_DAYS_MIN = 1;
export const LEAD_DAYS_MAX = 30;

const flag = (label: string) =>
  z.boolean({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be true or false`) });

export const emailReminderPreferences = z.object({
  payment_due_reminders: flag('Payment due reminders'),
  payment_due_lead_days: z
    .number({ error: 'Reminder lead days must be a number' })
    .int('Reminder lead days must be a whole number')
    .min(LEAD_DAYS_MIN, `Remind at least ${LEAD_DAYS_MIN} day before`)
    .max(LEAD_DAYS_MAX, `Remind at most ${LEAD_DAYS_MAX} days before`),
  goal_milestones: flag('Goal milestones'),
  monthly_summary: flag('Monthly summary'),
  product_news: flag('Product news'),
});
export type EmailReminderPreferences = z.infer<typeof emailReminderPreferences>;

/** Security mail (password changes, sign-in links) cannot be switched off; the reply says so. */
export const emailReminderPreferencesResponse = envelope(
  emailReminderPreferences.extend({ security_emails: z.literal(true) }),
);

export const DEFAULT_REMINDER_PREFERENCES: EmailReminderPreferences = {
  payment_due_reminders: true,
  payment_due_lead_days: 3,
  goal_milestones: true,
  monthly_summary: false,
  product_news: false,
};

import { errorBody } from '@helo/contract/envelope';
import {
  DEFAULT_REMINDER_PREFERENCES,
  type EmailReminderPreferences,
  emailReminderPreferences,
  emailReminderPreferencesResponse,
} from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import { emailReminderPreferences as table } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { requireAuth } from '../../plugins/authenticate.ts';

/** The user's saved preferences, or the defaults for someone who never changed them. */
export async function readReminderPreferences(db: Db, userId: string): Promise<EmailReminderPreferences> {
  const [row] = await db.select().from(table).where(eq(table.userId, userId)).limit(1);
  if (!row) return DEFAULT_REMINDER_PREFERENCES;
  return {
    payment_due_reminders: row.paymentDueReminders,
    payment_due_lead_days: row.paymentDueLeadDays,
    goal_milestones: row.goalMilestones,
    monthly_summary: row.monthlySummary,
    product_news: row.productNews,
  };
}

export async function reminderPreferenceRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Email reminder preferences',
        response: { 200: emailReminderPreferencesResponse, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => ({
      data: {
        ...(await readReminderPreferences(opts.db, requireAuth(request).userId)),
        security_emails: true as const,
      },
    }),
  );

  r.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Save email reminder preferences (all fields)',
        body: emailReminderPreferences,
        response: { 200: emailReminderPreferencesResponse, 400: errorBody, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const b = request.body;
      const values = {
        paymentDueReminders: b.payment_due_reminders,
        paymentDueLeadDays: b.payment_due_lead_days,
        goalMilestones: b.goal_milestones,
        monthlySummary: b.monthly_summary,
        productNews: b.product_news,
        updatedAt: opts.clock.now(),
      };
      await opts.db
        .insert(table)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: table.userId, set: values });
      return { message: 'Your email preferences are saved', data: { ...b, security_emails: true as const } };
    },
  );
}

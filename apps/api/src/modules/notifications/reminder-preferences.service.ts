import { DEFAULT_REMINDER_PREFERENCES, type EmailReminderPreferences } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { findReminderPreferences, saveReminderPreferences } from './reminder-preferences.repository.ts';

/** Which reminder emails the user wants. Security mail is not among them: it always goes out. */
export class ReminderPreferencesService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The user's saved preferences, or the defaults for someone who never changed them. */
  async get(userId: string): Promise<EmailReminderPreferences> {
    const row = await findReminderPreferences(this.#db, userId);
    if (!row) return DEFAULT_REMINDER_PREFERENCES;
    return {
      payment_due_reminders: row.paymentDueReminders,
      payment_due_lead_days: row.paymentDueLeadDays,
      goal_milestones: row.goalMilestones,
      monthly_summary: row.monthlySummary,
      product_news: row.productNews,
    };
  }

  /** Saves every preference at once (the form always sends them all). */
  async save(userId: string, p: EmailReminderPreferences): Promise<EmailReminderPreferences> {
    await saveReminderPreferences(
      this.#db,
      userId,
      {
        paymentDueReminders: p.payment_due_reminders,
        paymentDueLeadDays: p.payment_due_lead_days,
        goalMilestones: p.goal_milestones,
        monthlySummary: p.monthly_summary,
        productNews: p.product_news,
      },
      this.#clock.now(),
    );
    return p;
  }
}

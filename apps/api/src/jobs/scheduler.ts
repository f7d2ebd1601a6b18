import type { Database } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { HousekeepingResult } from './housekeeping.ts';
import type { LoanDueDatesResult } from './loan-payments.ts';

export const LOAN_REMINDERS_QUEUE = 'loan-payment-reminders';
// Every 15 minutes: a reminder is due by day, so this is prompt without being busy.
const LOAN_REMINDERS_CRON = '*/15 * * * *';
export const HOUSEKEEPING_QUEUE = 'housekeeping';
// Once a day, at a quiet hour in the product's time zone (UTC 08:17 = 03:17 in New York).
const HOUSEKEEPING_CRON = '17 8 * * *';
export const LOAN_DUE_DATES_QUEUE = 'loan-due-dates';
// Every hour: the Money Nest pays loans on their due day (a deposit made later that day still pays
// it), and a passed due date is rolled on within the hour after midnight in New York (reads roll it
// at once anyway).
const LOAN_DUE_DATES_CRON = '5 * * * *';

export interface ScheduledJobs {
  /** Returns how many reminders it created. */
  loanReminders: () => Promise<number>;
  /** Returns how many records of each kind it deleted. */
  housekeeping: () => Promise<HousekeepingResult>;
  /** The Money Nest's loan payments, then the roll of passed due dates; returns what it did. */
  loanDueDates: () => Promise<LoanDueDatesResult>;
}

export interface Scheduler {
  /** Puts one run on the queue now (besides the schedule), e.g. at start-up. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss keeps the schedule and the queue in the database, so with several servers each run is
 * taken by one of them; the job itself is safe to run twice anyway (dedupe keys).
 */
export async function startScheduler(
  database: Database,
  jobs: ScheduledJobs,
  log: FastifyBaseLogger,
): Promise<Scheduler> {
  const boss =
    database.raw.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.raw.client), backend: 'pglite' })
      : new PgBoss({ connectionString: database.raw.url, max: 2 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(LOAN_REMINDERS_QUEUE);
  await boss.schedule(LOAN_REMINDERS_QUEUE, LOAN_REMINDERS_CRON);
  await boss.work(LOAN_REMINDERS_QUEUE, async () => {
    const created = await jobs.loanReminders();
    if (created > 0) log.info({ created }, 'loan payment reminders created');
  });
  await boss.createQueue(HOUSEKEEPING_QUEUE);
  await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    log.info({ deleted: await jobs.housekeeping() }, 'housekeeping done');
  });
  await boss.createQueue(LOAN_DUE_DATES_QUEUE);
  await boss.schedule(LOAN_DUE_DATES_QUEUE, LOAN_DUE_DATES_CRON);
  await boss.work(LOAN_DUE_DATES_QUEUE, async () => {
    const done = await jobs.loanDueDates();
    if (done.paid + done.short + done.rolled > 0) log.info(done, 'loan due dates done');
  });
  return {
    async runNow() {
      await boss.send(LOAN_DUE_DATES_QUEUE);
      await boss.send(LOAN_REMINDERS_QUEUE);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}

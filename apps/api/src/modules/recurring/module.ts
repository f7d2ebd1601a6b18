import { recurringDismissed, recurringPayments, recurringSeries } from '@helo/db/schema';
import { byUser, defineModule, job, routes } from '../../api-module.ts';
import { runBillReminders } from './bill-reminders.ts';
import { recurringRoutes } from './recurring.routes.ts';
import { expectedOccurrences, nestIncome, RecurringService } from './recurring.service.ts';

/** Recurring series, found series and the bills calendar (/api/v1/recurring). */
export const recurringModule = defineModule({
  name: 'recurring',
  // The forecast's `ExpectedMoney` and the Nest's `NestIncomeSchedule` (each declared by its reader):
  // the series' due dates, read by modules registered after this one.
  services: ({ db, clock }) => ({
    recurring: new RecurringService(db, clock),
    expectedMoney: { occurrences: expectedOccurrences },
    nestIncomeSchedule: { nestIncome },
  }),
  routes: (_deps, { recurring, authenticate }) => [
    routes('/api/v1/recurring', recurringRoutes, { service: recurring, authenticate }),
  ],
  userTables: [
    {
      name: 'recurring_series',
      table: recurringSeries,
      scope: byUser(recurringSeries.userId),
      withheld: [],
      about:
        'Your recurring income, bills, subscriptions and transfers (cadence: when they fall due; payee_key: the payee their payments carry; found_key: the suggestion accepted).',
      orderBy: [recurringSeries.createdAt, recurringSeries.id],
    },
    {
      name: 'recurring_payments',
      table: recurringPayments,
      scope: byUser(recurringPayments.userId),
      withheld: [],
      about: "The transactions matched to a series' due dates (group_id: the transaction's id in My Wallet).",
      orderBy: [recurringPayments.seriesId, recurringPayments.dueDate],
    },
    {
      name: 'recurring_dismissed',
      table: recurringDismissed,
      scope: byUser(recurringDismissed.userId),
      withheld: [],
      about: 'The found series you dismissed (their suggestion ids).',
      orderBy: [recurringDismissed.key],
    },
  ],
  jobs: ({ db, clock, mailer }) => [
    // Every 15 minutes, as the loans' reminders: a reminder is due by day.
    job<number>({
      queue: 'bill-reminders',
      cron: '*/15 * * * *',
      run: () => runBillReminders({ db, clock, mailer }),
      atStart: true,
      report: (created, log) => {
        if (created > 0) log.info({ created }, 'bill reminders created');
      },
    }),
  ],
});

import type { Db } from '@helo/db/client';
import { userDebts } from '@helo/db/schema';
import { byUser, defineModule, job, routes } from '../../api-module.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockNestAccount, nestsWithDueLoans } from '../nest/index.ts';
import { type LoanDueDatesResult, runLoanDueDates } from './loan-due-dates.ts';
import { LoanPaymentRecords } from './loan-payment-records.service.ts';
import { runLoanPaymentReminders } from './loan-payment-reminders.ts';
import { LoanPaymentsService } from './loan-payments.service.ts';
import { userDebtRoutes } from './user-debts.routes.ts';
import { UserDebtsService } from './user-debts.service.ts';

export const LOAN_REMINDERS_QUEUE = 'loan-payment-reminders';
export const LOAN_DUE_DATES_QUEUE = 'loan-due-dates';

/** The loans' payments, with the Money Nest as the payer: its users with due loans, and its lock. */
export const loanPayments = (db: Db, clock: Clock) =>
  new LoanPaymentsService(db, clock, { due: nestsWithDueLoans, lock: lockNestAccount });

/** The user's loans (/api/v1/user-debts), their payments by the Money Nest and their reminders. */
export const userDebtsModule = defineModule({
  name: 'user-debts',
  services: ({ db, clock }) => ({
    loans: new UserDebtsService(db, clock),
    loanPayments: loanPayments(db, clock),
    loanPaymentRecords: new LoanPaymentRecords(db, clock),
  }),
  routes: (_deps, { loans, loanPaymentRecords, authenticate }) => [
    routes('/api/v1/user-debts', userDebtRoutes, { service: loans, payments: loanPaymentRecords, authenticate }),
  ],
  userTables: [
    {
      name: 'user_debts',
      table: userDebts,
      scope: byUser(userDebts.userId),
      withheld: [],
      about:
        'Your loans (debt_id: the kind, see GET /api/v1/debts; nickname: the lender or your name for it), in the order you listed them.',
      orderBy: [userDebts.position, userDebts.id],
    },
  ],
  jobs: ({ db, clock, mailer }, { loanPayments: payments }) => [
    // Every hour: the Money Nest pays loans on their due day (a deposit made later that day still pays
    // it), and a passed due date is rolled on within the hour after midnight in New York (reads roll
    // it at once anyway).
    job<LoanDueDatesResult>({
      queue: LOAN_DUE_DATES_QUEUE,
      cron: '5 * * * *',
      run: () => runLoanDueDates({ db, clock, payments }),
      atStart: true,
      report: (done, log) => {
        if (done.paid + done.short + done.rolled > 0) log.info(done, 'loan due dates done');
      },
    }),
    // Every 15 minutes: a reminder is due by day, so this is prompt without being busy.
    job<number>({
      queue: LOAN_REMINDERS_QUEUE,
      cron: '*/15 * * * *',
      run: () => runLoanPaymentReminders({ db, clock, mailer }),
      atStart: true,
      report: (created, log) => {
        if (created > 0) log.info({ created }, 'loan payment reminders created');
      },
    }),
  ],
});

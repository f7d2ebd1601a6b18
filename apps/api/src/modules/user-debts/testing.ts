// The user-debts module's test-only public file: what its tests offer the tests of other modules.
export { BASE, car, card } from './debt-requests.test-helpers.ts';

import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { loanPayments } from './module.ts';

/** One run of the Money Nest's loan payments, as the loan due dates job starts it. */
export const runLoanPayments = ({ db, clock }: { db: Db; clock: Clock }) => loanPayments(db, clock).payDue();
export { runLoanPaymentReminders } from './loan-payment-reminders.ts';
export { harness } from './module.test-helpers.ts';

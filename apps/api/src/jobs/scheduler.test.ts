import { notifications, userDebts } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  // A due loan exists before the server starts, as after a night without a server running.
  const setup = await createTestApp();
  const { session } = await register(setup);
  userId = session.user.id;
  await setup.database.db.insert(userDebts).values({
    userId,
    debtId: 2,
    initialLoanAmountCents: cents(30_000_000),
    monthlyPaymentCents: cents(180_000),
    interestRate: '5.2500',
    dueDate: '2026-11-23',
    dueDay: 23,
    position: 0,
  });
  // And one whose date passed while no server ran: the loan due dates job rolls it at start.
  await setup.database.db.insert(userDebts).values({
    userId,
    debtId: 4,
    initialLoanAmountCents: cents(500_000),
    monthlyPaymentCents: cents(10_000),
    interestRate: '19.9900',
    dueDate: '2026-10-31',
    dueDay: 31,
    position: 1,
  });
  await setup.app.close();
  t = await createTestApp({ database: setup.database, scheduler: true });
}, 60_000);
afterAll(() => t.close());

describe('the job scheduler (pg-boss)', () => {
  it('runs the loan payment reminders through the queue when the server starts', async () => {
    const reminders = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'loan_payment_due')));
    await expect.poll(async () => (await reminders()).length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect((await reminders())[0]?.message).toBe('Your mortgage payment of $1,800.00 is due on November 23, 2026.');
  }, 40_000);

  it('rolls passed due dates through the queue when the server starts', async () => {
    const rolled = async () =>
      (
        await t.database.db
          .select()
          .from(userDebts)
          .where(and(eq(userDebts.userId, userId), eq(userDebts.debtId, 4)))
      )[0];
    await expect.poll(async () => (await rolled())?.dueDate, { timeout: 30_000, interval: 250 }).toBe('2026-11-30');
    expect((await rolled())?.version).toBe(2);
  }, 40_000);
});

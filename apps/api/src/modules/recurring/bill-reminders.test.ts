import { notifications, outboxMail } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { Mailer } from '../../mail/mailer.ts';
import { walletRequests } from '../wallet/testing.ts';
import { runBillReminders } from './bill-reminders.ts';

const t = useTestApp();
const api = walletRequests(t);

const run = () => {
  const { database, clock } = t();
  return runBillReminders({ db: database.db, clock, mailer: new Mailer(undefined, clock, t().app.log, false) });
};

describe('bill reminders', () => {
  it('reminds once of a bill due within the lead days, by notification and email; not of one already paid', async () => {
    // The test clock's day is 21 November 2026.
    const { session, body } = await register(t());
    const token = session.access_token;
    await api.ok(api.call(token, 'POST', '/api/v1/nest/activate'));
    const [wallet] = await api.accounts(token);
    const series = (name: string, day: number) =>
      api.ok(
        api.call(token, 'POST', '/api/v1/recurring', {
          name,
          kind: 'bill',
          cadence: { every: 'month', day },
          amount: 95.5,
          account_id: wallet?.id,
          start_date: '2026-10-01',
        }),
      );
    await series('Power Bill', 23);
    // Paid already (a day early): no reminder.
    await api.ok(api.add(token, { date: '2026-11-21', payee: 'Water Bill', amount: -95.5 }));
    await series('Water Bill', 22);
    // Far beyond the lead days: none yet.
    await series('Car Insurance', 20);

    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const mine = await t()
      .database.db.select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, session.user.id), eq(notifications.kind, 'bill_due')));
    expect(mine.map((n) => n.message)).toEqual(['Power Bill ($95.50) is due on November 23, 2026.']);
    const mails = await t()
      .database.db.select({ subject: outboxMail.subject })
      .from(outboxMail)
      .where(and(eq(outboxMail.toAddress, body.email), eq(outboxMail.kind, 'bill_due')));
    expect(mails.map((m) => m.subject)).toEqual(['Power Bill is due on November 23, 2026']);
  });
});

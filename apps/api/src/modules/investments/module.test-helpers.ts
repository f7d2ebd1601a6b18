import { investmentAccounts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

const fuzzAccount = {
  name: 'Fuzz 401(k)',
  kind: '401k',
  balance: 20_000,
  monthly_contribution: 300,
  employer_monthly_contribution: 150,
  expected_return_percent: 6,
};

/** The investments' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'investment_account_id',
      paths: [{ route: /\/user-investment\/accounts\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // The profile comes with its first account; once it exists, an account is added to it.
        const setup = await send('POST', '/api/v1/user-investment', {
          birth_year: 1990,
          retirement_age: 67,
          accounts: [fuzzAccount],
        });
        if (setup.statusCode === 409) await must(send('POST', '/api/v1/user-investment/accounts', fuzzAccount));
        else if (setup.statusCode >= 500) throw new Error(`making a fuzz record failed: ${setup.body}`);
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: investmentAccounts.id })
            .from(investmentAccounts)
            .where(eq(investmentAccounts.userId, userId))
            .limit(1),
        ),
    },
  ],
};

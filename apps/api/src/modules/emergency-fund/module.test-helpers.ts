import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { potEntries } from '../savings-pot/testing.ts';

/** The emergency fund's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'fund_entry_id',
      paths: [{ route: /\/user-emergency-fund\/entries\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // A second setup is a 409 once the fund exists; the deposit then goes into it.
        await send('POST', '/api/v1/user-emergency-fund', {
          is_saving: true,
          saved_amount: 500,
          monthly_income: 4_000,
          monthly_saving: 100,
          monthly_saving_want: 200,
        });
        await must(
          // Today on the test clock: a fund takes no entry dated before the day it was set up.
          send('POST', '/api/v1/user-emergency-fund/entries', { kind: 'deposit', amount: 50, date: '2026-11-21' }),
        );
      },
      read: (t, userId) => newest(potEntries(t, userId, 'emergency_fund')),
    },
  ],
};

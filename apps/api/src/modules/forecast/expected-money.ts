import type { Db } from '@helo/db/client';

/**
 * What the forecast needs of the recurring series (ARCHITECTURE.md "Modules keep to themselves": the
 * lower declares what it needs, the app's assembly passes it in): each time a series falls due in
 * `from`..`to` (both included). The recurring module's `expectedOccurrences` is this.
 */
export interface ExpectedMoney {
  occurrences(
    db: Db,
    userId: string,
    from: string,
    to: string,
  ): Promise<
    {
      seriesId: string;
      name: string;
      kind: 'income' | 'bill' | 'subscription' | 'transfer';
      date: string;
      accountId: string;
      toAccountId: string | null;
      amountCents: number /* signed as seen from accountId */;
      category: string | null;
      throughNest: boolean;
      paid: boolean;
    }[]
  >;
}

/** No series (before the recurring module is assembled in): the forecast still has loans and the budget. */
export const NO_EXPECTED_MONEY: ExpectedMoney = { occurrences: async () => [] };

import type { Db } from '@helo/db/client';

/**
 * What My Budget's pay periods read their Spent column from: each category name's money out and
 * money in (both positive) from `first` up to, not including, `next`, on the caller's transaction.
 * My Wallet's `categoryFlows` (its transactions on the ledger) is the one implementation; the wallet
 * imports the budgets, so the budgets declare this and the wallet's module.ts hands it over as the
 * service `budgetSpent` (as the web's SpentSource, and the Nest's NestTargets).
 */
export type BudgetSpent = (
  db: Db,
  userId: string,
  first: string,
  next: string,
) => Promise<{ name: string; outCents: number; inCents: number }[]>;

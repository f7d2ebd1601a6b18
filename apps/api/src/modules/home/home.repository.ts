import type { Db } from '@helo/db/client';
import { nestAccounts, nestDeposits, nestEntries, users, vaultAccounts } from '@helo/db/schema';
import { asCents, type Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { balanceQuery } from '../wallet/index.ts';

/**
 * Home's single figures, each a sum, a count or a flag, read in one statement: asked one query each
 * they were six round trips of a request that must answer in under 50 ms (bench: home-bench.ts).
 * The areas' lists and the figures with rules (a loan's next date, a fund's plan, a goal's status,
 * a projection, a month's spending) come from the areas' own code in home.service.ts.
 */
export interface HomeFigures {
  firstName: string | undefined;
  /** The Money Nest (and with it the Wallet) is active. */
  nestActive: boolean;
  /** The Wallet's balance: the wallet repository's own statement (its share of deposits plus its transactions). */
  walletCents: Cents;
  /** The Nest's Loan payments bucket: the sum of its entries (shares, reversals, payments), as loansBucketCents. */
  loansCents: Cents;
  /** Income recorded in the Nest from `first` up to, not including, `next`, net of reversals. */
  incomeCents: Cents;
  vaultActive: boolean;
  /** Kept on the Vault's row by the Vault's service in the transaction that adds or removes a file. */
  vaultFileCount: number;
}

export async function homeFigures(db: Db, userId: string, first: string, next: string): Promise<HomeFigures> {
  const result = (await db.execute(sql`
    select
      (select ${users.firstName} from ${users} where ${users.id} = ${userId}) as first_name,
      exists (select 1 from ${nestAccounts} where ${nestAccounts.userId} = ${userId}) as nest_active,
      (${balanceQuery(userId)}) as wallet_cents,
      (select coalesce(sum(${nestEntries.amountCents}), 0) from ${nestEntries}
        where ${nestEntries.userId} = ${userId} and ${nestEntries.bucket} = 'loans') as loans_cents,
      -- A reversed deposit is income that did not happen: it counts for nothing. The deposits' index
      -- (user, date, …) serves the range.
      (select coalesce(sum(${nestDeposits.amountCents}), 0) from ${nestDeposits}
        where ${nestDeposits.userId} = ${userId} and ${nestDeposits.date} >= ${first}
          and ${nestDeposits.date} < ${next} and ${nestDeposits.reversedAt} is null) as income_cents,
      exists (select 1 from ${vaultAccounts} where ${vaultAccounts.userId} = ${userId}) as vault_active,
      coalesce((select ${vaultAccounts.fileCount} from ${vaultAccounts} where ${vaultAccounts.userId} = ${userId}), 0)
        as vault_file_count
  `)) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  // sum() of bigint is numeric in PostgreSQL: it arrives as a string, exact.
  return {
    firstName: typeof row.first_name === 'string' ? row.first_name : undefined,
    nestActive: row.nest_active === true,
    walletCents: asCents(Number(row.wallet_cents ?? 0)),
    loansCents: asCents(Number(row.loans_cents ?? 0)),
    incomeCents: asCents(Number(row.income_cents ?? 0)),
    vaultActive: row.vault_active === true,
    vaultFileCount: Number(row.vault_file_count ?? 0),
  };
}

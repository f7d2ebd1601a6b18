import type { Db } from '@helo/db/client';
import { nestAccounts, users, vaultAccounts } from '@helo/db/schema';
import { asCents, type Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { balanceQuery } from '../wallet/index.ts';

/**
 * Home's single figures, each a sum, a count or a flag, read in one statement: asked one query each
 * they were six round trips of a request that must answer in under 50 ms (bench: home-bench.ts).
 * The areas' lists and the figures with rules (a loan's next date, a fund's plan, a goal's status,
 * a projection, a month's spending) come from the areas' own code in home.service.ts, the money the
 * accounts hold from the ledger.
 */
export interface HomeFigures {
  firstName: string | undefined;
  /** The Money Nest (and with it the Wallet) is active. */
  nestActive: boolean;
  /** The Wallet's balance: the wallet repository's own statement (its account plus its transactions). */
  walletCents: Cents;
  vaultActive: boolean;
  /** Kept on the Vault's row by the Vault's service in the transaction that adds or removes a file. */
  vaultFileCount: number;
}

export async function homeFigures(db: Db, userId: string): Promise<HomeFigures> {
  const result = (await db.execute(sql`
    select
      (select ${users.firstName} from ${users} where ${users.id} = ${userId}) as first_name,
      exists (select 1 from ${nestAccounts} where ${nestAccounts.userId} = ${userId}) as nest_active,
      (${balanceQuery(userId)}) as wallet_cents,
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
    vaultActive: row.vault_active === true,
    vaultFileCount: Number(row.vault_file_count ?? 0),
  };
}

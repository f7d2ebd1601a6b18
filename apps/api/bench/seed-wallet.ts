import type { Database } from '@helo/db/client';
import { type SQL, sql } from 'drizzle-orm';

/**
 * My Wallet's transactions in bulk for the benches, as the ledger holds them (issue 27): a journal of
 * kind 'wallet.transaction' per row with its two postings, one on the user's Wallet account and one on
 * the outside account of its category (income for Uncategorized money in). Three INSERT … SELECT
 * statements over a scratch table; the postings go in one statement, so the ledger's trigger checks
 * every journal and keeps the balances. `rows` are SQL expressions of `g`, 1 to `count`.
 */
export async function seedWalletJournals(
  database: Database,
  userId: string,
  count: number,
  rows: { date: SQL; payee: SQL; cents: SQL; category: SQL; note: SQL; createdAt: SQL },
): Promise<void> {
  const db = database.db;
  await db.execute(sql`drop table if exists bench_seed`);
  await db.execute(sql`
    create table bench_seed as
    select gen_random_uuid() as id, ${rows.date} as date, ${rows.payee} as payee, (${rows.cents})::bigint as cents,
      ${rows.category} as category, ${rows.note} as note, ${rows.createdAt} as created_at
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into ledger_accounts (user_id, kind, name)
    select distinct ${userId}::uuid,
      case when cents > 0 and category = 'Uncategorized' then 'income' else 'spending' end,
      category
    from bench_seed
    on conflict do nothing`);
  await db.execute(sql`
    insert into ledger_journals (id, user_id, group_id, version, date, kind, description, note, created_at)
    select id, ${userId}::uuid, id, 1, date, 'wallet.transaction', payee, note, created_at from bench_seed`);
  await db.execute(sql`
    insert into ledger_postings (journal_id, user_id, account_id, amount_cents, date)
    select s.id, ${userId}::uuid, w.id, s.cents, s.date from bench_seed s
    join ledger_accounts w on w.user_id = ${userId}::uuid and w.kind = 'checking' and w.subject_id = ${userId}::uuid
    union all
    select s.id, ${userId}::uuid, o.id, -s.cents, s.date from bench_seed s
    join ledger_accounts o on o.user_id = ${userId}::uuid and (
      o.name = s.category and o.kind = case when s.cents > 0 and s.category = 'Uncategorized' then 'income' else 'spending' end)`);
  await db.execute(sql`drop table bench_seed`);
}

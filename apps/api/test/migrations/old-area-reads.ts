import type { DatabaseBefore } from '../migration-database.ts';

/**
 * What the pages and Home showed before migration 0025, computed as that code computed it (its
 * SQL's sums and orders), in the API's dollars, for the migration's test to compare with after.
 */

const dollars = (cents: unknown) => Number(cents) / 100;
const iso = (at: unknown) => new Date(String(at)).toISOString();
const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));

export interface OldEntry {
  id: string;
  kind: string;
  amount: number;
  date: string;
  note: string | null;
  created_at: string;
  /** Written by the Money Nest (a share or its reversal): its id is the deposit's journal's after. */
  byNest: boolean;
}

export async function oldReads(db: DatabaseBefore, userId: string, month: { first: string; next: string }) {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  const entryList = async (table: string, column: string, id: unknown, link: string): Promise<OldEntry[]> =>
    (
      await q(
        `SELECT e.*, EXISTS (SELECT 1 FROM nest_entries n WHERE n.${link} = e.id) AS by_nest FROM ${table} e
         WHERE e.user_id = $1 AND e.${column} = $2 ORDER BY e.date DESC, e.created_at DESC, e.id DESC`,
        [userId, id],
      )
    ).map((e) => ({
      id: String(e.id),
      kind: String(e.kind),
      amount: dollars(e.amount_cents),
      date: day(e.date),
      note: (e.note as string | null) ?? null,
      created_at: iso(e.created_at),
      byNest: e.by_nest === true,
    }));
  const net = `coalesce(sum(CASE e.kind WHEN 'deposit' THEN e.amount_cents ELSE -e.amount_cents END), 0)`;

  const [fundRow] = await q(
    `SELECT f.id, f.starting_amount_cents, f.starting_amount_cents + (SELECT ${net} FROM emergency_fund_entries e
       WHERE e.fund_id = f.id) AS saved FROM emergency_funds f WHERE f.user_id = $1`,
    [userId],
  );
  const fund = fundRow
    ? {
        starting_amount: dollars(fundRow.starting_amount_cents),
        saved_amount: dollars(fundRow.saved),
        entries: await entryList('emergency_fund_entries', 'fund_id', fundRow.id, 'fund_entry_id'),
      }
    : null;

  const goalRows = await q(
    `SELECT g.id, g.name, g.target_amount_cents, g.starting_amount_cents, g.starting_amount_cents +
       (SELECT ${net} FROM lifestyle_goal_entries e WHERE e.goal_id = g.id) AS saved
     FROM lifestyle_goals g WHERE g.user_id = $1 ORDER BY g.created_at, g.id`,
    [userId],
  );
  const goals = [];
  for (const g of goalRows) {
    goals.push({
      id: String(g.id),
      name: String(g.name),
      starting_amount: dollars(g.starting_amount_cents),
      saved_amount: dollars(g.saved),
      target_amount: dollars(g.target_amount_cents),
      entries: await entryList('lifestyle_goal_entries', 'goal_id', g.id, 'goal_entry_id'),
    });
  }

  const accountRows = await q(
    'SELECT id, name, balance_cents FROM investment_accounts WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  const accounts = [];
  for (const a of accountRows) {
    const snapshots = await q(
      'SELECT day, balance_cents FROM investment_snapshots WHERE account_id = $1 ORDER BY day',
      [a.id],
    );
    accounts.push({
      id: String(a.id),
      name: String(a.name),
      balance: dollars(a.balance_cents),
      snapshots: snapshots.map((s) => ({ date: day(s.day), balance: dollars(s.balance_cents) })),
    });
  }
  const investedCents = accountRows.reduce((sum, a) => sum + Number(a.balance_cents), 0);

  const loans = (
    await q('SELECT id, outstanding_balance_cents, version FROM user_debts WHERE user_id = $1 ORDER BY position', [
      userId,
    ])
  ).map((l) => ({ id: String(l.id), outstanding_balance: dollars(l.outstanding_balance_cents), version: l.version }));

  const [nestRow] = await q('SELECT wallet_transactions_cents FROM nest_accounts WHERE user_id = $1', [userId]);
  const bucketSum = async (bucket: string) =>
    Number(
      (
        await q('SELECT coalesce(sum(amount_cents), 0) AS c FROM nest_entries WHERE user_id = $1 AND bucket = $2', [
          userId,
          bucket,
        ])
      )[0]?.c,
    );
  const walletBucket = nestRow ? await bucketSum('wallet') : 0;
  const loansBucket = nestRow ? await bucketSum('loans') : 0;
  const walletCents = nestRow ? walletBucket + Number(nestRow.wallet_transactions_cents) : 0;
  const deposits = [];
  for (const d of await q(
    'SELECT * FROM nest_deposits WHERE user_id = $1 ORDER BY date DESC, created_at DESC, id DESC LIMIT 10',
    [userId],
  )) {
    const shares = await q(
      `SELECT e.bucket, coalesce(e.goal_id, e.investment_account_id) AS target_id, e.target_name, e.amount_cents
       FROM nest_entries e WHERE e.deposit_id = $1 AND e.kind = 'allocation' ORDER BY e.created_at, e.id`,
      [d.id],
    );
    deposits.push({
      id: String(d.id),
      amount: dollars(d.amount_cents),
      date: day(d.date),
      source: String(d.source),
      reversed_at: d.reversed_at ? iso(d.reversed_at) : null,
      created_at: iso(d.created_at),
      shares: shares.map((s) => ({
        bucket: String(s.bucket),
        target_id: (s.target_id as string | null) ?? null,
        name: (s.target_name as string | null) ?? NAMES[String(s.bucket)] ?? '',
        amount: dollars(s.amount_cents),
      })),
    });
  }
  const entries = (
    await q(`SELECT e.* FROM nest_entries e WHERE e.user_id = $1 ORDER BY e.date DESC, e.created_at DESC, e.id DESC`, [
      userId,
    ])
  ).map((e) => ({
    kind: String(e.kind),
    bucket: String(e.bucket),
    target_id: ((e.goal_id ?? e.investment_account_id) as string | null) ?? null,
    name: (e.target_name as string | null) ?? NAMES[String(e.bucket)] ?? '',
    amount: dollars(e.amount_cents),
    date: day(e.date),
    deposit_id: (e.deposit_id as string | null) ?? null,
  }));
  const [income] = await q(
    `SELECT coalesce(sum(amount_cents), 0) AS c FROM nest_deposits WHERE user_id = $1 AND date >= $2 AND date < $3
       AND reversed_at IS NULL`,
    [userId, month.first, month.next],
  );

  const fundCents = fundRow ? Number(fundRow.saved) : 0;
  const goalsCents = goalRows.reduce((sum, g) => sum + Number(g.saved), 0);
  const debtCents = loans.reduce((sum, l) => sum + Math.round(l.outstanding_balance * 100), 0);
  return {
    fund,
    goals,
    investments: { accounts, total_balance: dollars(investedCents) },
    loans,
    nest: nestRow ? { wallet: dollars(walletBucket), loanPayments: dollars(loansBucket), deposits, entries } : null,
    walletBalance: dollars(walletCents),
    home: {
      net_worth: {
        total: dollars(investedCents + fundCents + goalsCents + walletCents + loansBucket - debtCents),
        investments: dollars(investedCents),
        emergency_fund: dollars(fundCents),
        goals: dollars(goalsCents),
        nest_and_wallet: dollars(walletCents + loansBucket),
        debts: dollars(debtCents),
      },
      income_this_month: dollars(income?.c),
      loan_payments: dollars(loansBucket),
    },
  };
}

const NAMES: Record<string, string> = { wallet: 'Wallet', loans: 'Loan payments', emergency_fund: 'Emergency fund' };

export type OldReads = Awaited<ReturnType<typeof oldReads>>;

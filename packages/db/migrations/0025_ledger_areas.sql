-- Issue 27, branch nest-ledger: every row of the emergency fund's, the goals', the investments' and the
-- Money Nest's own stores, and the loans' balances, become journals and postings of the ledger
-- (migration 0023); the old tables and columns are dropped at the end of this file. The journals are
-- gathered in two work tables and written in two statements, so the postings' trigger checks each
-- journal sums to zero and "never below zero" holds for what every account holds at the end.
CREATE TEMP TABLE mig_j (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  date date NOT NULL,
  kind text NOT NULL,
  description text NOT NULL,
  note text,
  external_id text,
  external_account_id uuid,
  reverses_id uuid,
  reversed_by_id uuid,
  created_at timestamptz NOT NULL
);--> statement-breakpoint
CREATE TEMP TABLE mig_p (
  journal_id uuid NOT NULL,
  account_id uuid NOT NULL,
  amount_cents bigint NOT NULL,
  ord bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
-- The outside accounts of every user with money in these areas.
INSERT INTO ledger_accounts (user_id, kind, name)
SELECT u.user_id, o.kind, o.name
FROM (
  SELECT user_id FROM emergency_funds UNION SELECT user_id FROM lifestyle_goals
  UNION SELECT user_id FROM investment_accounts UNION SELECT user_id FROM nest_accounts
  UNION SELECT user_id FROM user_debts
) u
CROSS JOIN (VALUES ('income', 'Income'), ('interest', 'Interest'), ('valuation', 'Change in value'),
  ('opening_balance', 'Opening balances'), ('opening_balance', 'Outside Helo')) AS o(kind, name)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The areas' own accounts: the fund, each goal, each investment account, each loan; the Nest's Wallet
-- (the wallet-ledger branch may have made it already) and Loan payments.
INSERT INTO ledger_accounts (user_id, kind, name, subject_id, never_below_zero, created_at)
SELECT user_id, 'emergency_fund', 'Emergency fund', id, true, created_at FROM emergency_funds
UNION ALL SELECT user_id, 'goal', name, id, true, created_at FROM lifestyle_goals
UNION ALL SELECT user_id, 'investment', name, id, true, created_at FROM investment_accounts
UNION ALL SELECT d.user_id, 'loan', regexp_replace(c.debt_name, 's$', ''), d.id, false, d.created_at
  FROM user_debts d JOIN debts c ON c.id = d.debt_id
UNION ALL SELECT user_id, 'checking', 'Wallet', user_id, false, activated_at FROM nest_accounts
UNION ALL SELECT user_id, 'loan_payments', 'Loan payments', user_id, true, activated_at FROM nest_accounts
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A goal, an investment account or a loan deleted since the Nest paid into it keeps an account of its
-- own (a subject that no longer exists), named as its entries were, so its share still has a line.
CREATE TEMP TABLE mig_orphans (user_id uuid, kind text, name text, account_id uuid);--> statement-breakpoint
WITH gone AS (
  SELECT DISTINCT user_id, CASE bucket WHEN 'loans' THEN 'loan' ELSE bucket END AS kind,
    coalesce(target_name, CASE bucket WHEN 'goal' THEN 'Deleted goal' WHEN 'investment' THEN 'Deleted account' ELSE 'Deleted loan' END) AS name
  FROM nest_entries
  WHERE (bucket = 'goal' AND goal_id IS NULL) OR (bucket = 'investment' AND investment_account_id IS NULL)
    OR (kind = 'loan_payment' AND user_debt_id IS NULL)
), made AS (
  INSERT INTO ledger_accounts (user_id, kind, name, subject_id, never_below_zero)
  SELECT user_id, kind, name, gen_random_uuid(), kind <> 'loan' FROM gone
  RETURNING user_id, kind, name, id
)
INSERT INTO mig_orphans SELECT user_id, kind, name, id FROM made;--> statement-breakpoint
CREATE TEMP TABLE mig_acct AS
SELECT a.user_id, a.kind, a.name, a.subject_id, a.id FROM ledger_accounts a;--> statement-breakpoint
CREATE INDEX ON mig_acct (user_id, kind, subject_id);--> statement-breakpoint
CREATE INDEX ON mig_acct (user_id, kind, name);--> statement-breakpoint
-- Starting amounts: an opening journal each, from Opening balances, on the day it was set up (New York).
WITH src AS (
  SELECT gen_random_uuid() AS jid, 'emergency_fund' AS kind, id, user_id, starting_amount_cents AS cents, created_at
  FROM emergency_funds WHERE starting_amount_cents > 0
  UNION ALL
  SELECT gen_random_uuid(), 'goal', id, user_id, starting_amount_cents, created_at
  FROM lifestyle_goals WHERE starting_amount_cents > 0
), j AS (
  INSERT INTO mig_j (id, user_id, date, kind, description, created_at)
  SELECT jid, user_id, (created_at AT TIME ZONE 'America/New_York')::date, 'savings.opening', 'Starting amount', created_at
  FROM src
)
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT s.jid, o.id, -s.cents, 0 FROM src s
  JOIN mig_acct o ON o.user_id = s.user_id AND o.kind = 'opening_balance' AND o.name = 'Opening balances'
UNION ALL
SELECT s.jid, a.id, s.cents, 1 FROM src s
  JOIN mig_acct a ON a.user_id = s.user_id AND a.kind = s.kind AND a.subject_id = s.id;--> statement-breakpoint
-- Entries typed on the fund's and the goals' pages (not the Nest's: those are its deposits' lines),
-- keeping their ids: from or to Outside Helo; a correction of the setup form against Opening balances.
WITH src AS (
  SELECT e.id, e.user_id, 'emergency_fund' AS pot, e.fund_id AS subject_id, e.kind, e.amount_cents, e.date, e.note,
    e.created_at, e.note = 'Corrected in setup' AS correction
  FROM emergency_fund_entries e
  WHERE NOT EXISTS (SELECT 1 FROM nest_entries n WHERE n.fund_entry_id = e.id)
  UNION ALL
  SELECT e.id, e.user_id, 'goal', e.goal_id, e.kind, e.amount_cents, e.date, e.note, e.created_at,
    e.note = 'Corrected when editing the goal'
  FROM lifestyle_goal_entries e
  WHERE NOT EXISTS (SELECT 1 FROM nest_entries n WHERE n.goal_entry_id = e.id)
), j AS (
  INSERT INTO mig_j (id, user_id, date, kind, description, note, created_at)
  SELECT id, user_id, date,
    CASE WHEN correction THEN 'savings.correction' WHEN kind = 'deposit' THEN 'savings.deposit' ELSE 'savings.withdrawal' END,
    CASE kind WHEN 'deposit' THEN 'Deposit' ELSE 'Withdrawal' END, note, created_at
  FROM src
)
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT s.id, o.id, CASE s.kind WHEN 'deposit' THEN -s.amount_cents ELSE s.amount_cents END, 0 FROM src s
  JOIN mig_acct o ON o.user_id = s.user_id AND o.kind = 'opening_balance'
    AND o.name = CASE WHEN s.correction THEN 'Opening balances' ELSE 'Outside Helo' END
UNION ALL
SELECT s.id, a.id, CASE s.kind WHEN 'deposit' THEN s.amount_cents ELSE -s.amount_cents END, 1 FROM src s
  JOIN mig_acct a ON a.user_id = s.user_id AND a.kind = s.pot AND a.subject_id = s.subject_id;--> statement-breakpoint
-- Each entry of the Nest's store with the account its bucket is now.
CREATE TEMP TABLE mig_ne AS
SELECT e.*,
  CASE e.bucket
    WHEN 'wallet' THEN (SELECT a.id FROM mig_acct a WHERE a.user_id = e.user_id AND a.kind = 'checking' AND a.subject_id = e.user_id)
    WHEN 'loans' THEN (SELECT a.id FROM mig_acct a WHERE a.user_id = e.user_id AND a.kind = 'loan_payments' AND a.subject_id = e.user_id)
    WHEN 'emergency_fund' THEN (SELECT a.id FROM mig_acct a JOIN emergency_funds f ON f.id = a.subject_id
      WHERE a.user_id = e.user_id AND a.kind = 'emergency_fund')
    WHEN 'goal' THEN coalesce(
      (SELECT a.id FROM mig_acct a WHERE a.user_id = e.user_id AND a.kind = 'goal' AND a.subject_id = e.goal_id),
      (SELECT o.account_id FROM mig_orphans o WHERE o.user_id = e.user_id AND o.kind = 'goal'
        AND o.name = coalesce(e.target_name, 'Deleted goal')))
    WHEN 'investment' THEN coalesce(
      (SELECT a.id FROM mig_acct a WHERE a.user_id = e.user_id AND a.kind = 'investment' AND a.subject_id = e.investment_account_id),
      (SELECT o.account_id FROM mig_orphans o WHERE o.user_id = e.user_id AND o.kind = 'investment'
        AND o.name = coalesce(e.target_name, 'Deleted account')))
  END AS account_id,
  -- The shares in the order they were written; the Wallet's (its rule's and the rest) last, one line.
  CASE WHEN e.bucket = 'wallet' THEN 1000000 ELSE row_number() OVER (PARTITION BY e.deposit_id, e.kind ORDER BY e.created_at, e.id) END AS ord
FROM nest_entries e;--> statement-breakpoint
-- A deposit is one journal (keeping its id): Income gives the amount, each bucket's account its share.
INSERT INTO mig_j (id, user_id, date, kind, description, created_at)
SELECT id, user_id, date, 'nest.deposit', source, created_at FROM nest_deposits;--> statement-breakpoint
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT d.id, a.id, -d.amount_cents, 0 FROM nest_deposits d
  JOIN mig_acct a ON a.user_id = d.user_id AND a.kind = 'income' AND a.name = 'Income';--> statement-breakpoint
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT deposit_id, account_id, sum(amount_cents), min(ord) FROM mig_ne
WHERE kind = 'allocation' GROUP BY deposit_id, account_id;--> statement-breakpoint
-- A reversed deposit: its journal's reversal, on the day it was reversed.
CREATE TEMP TABLE mig_rev AS
SELECT gen_random_uuid() AS id, d.id AS deposit_id, d.user_id, d.source, d.reversed_at,
  coalesce((SELECT min(e.date) FROM nest_entries e WHERE e.deposit_id = d.id AND e.kind = 'reversal'),
    (d.reversed_at AT TIME ZONE 'America/New_York')::date) AS date
FROM nest_deposits d WHERE d.reversed_at IS NOT NULL;--> statement-breakpoint
INSERT INTO mig_j (id, user_id, date, kind, description, reverses_id, created_at)
SELECT id, user_id, date, 'nest.reversal', source, deposit_id, reversed_at FROM mig_rev;--> statement-breakpoint
UPDATE mig_j SET reversed_by_id = r.id FROM mig_rev r WHERE mig_j.id = r.deposit_id;--> statement-breakpoint
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT r.id, p.account_id, -p.amount_cents, p.ord FROM mig_rev r JOIN mig_p p ON p.journal_id = r.deposit_id;--> statement-breakpoint
-- A loan payment: from Loan payments to the loan, its due date its id in the loan's account. How much
-- of an old payment was interest was never written: it is all posted to the loan, whose opening
-- below makes it owe exactly what it owed.
CREATE TEMP TABLE mig_pay AS
SELECT gen_random_uuid() AS id, e.user_id, e.due_date, e.amount_cents, e.created_at, e.account_id AS bucket_id,
  coalesce(e.target_name, 'Deleted loan') AS name, e.user_debt_id,
  coalesce(
    (SELECT a.id FROM mig_acct a WHERE a.user_id = e.user_id AND a.kind = 'loan' AND a.subject_id = e.user_debt_id),
    (SELECT o.account_id FROM mig_orphans o WHERE o.user_id = e.user_id AND o.kind = 'loan'
      AND o.name = coalesce(e.target_name, 'Deleted loan'))) AS loan_id
FROM mig_ne e WHERE e.kind = 'loan_payment';--> statement-breakpoint
INSERT INTO mig_j (id, user_id, date, kind, description, external_id, external_account_id, created_at)
SELECT id, user_id, due_date, 'loan.payment', name, 'due:' || due_date, loan_id, created_at FROM mig_pay;--> statement-breakpoint
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT id, bucket_id, amount_cents, 0 FROM mig_pay
UNION ALL SELECT id, loan_id, -amount_cents, 1 FROM mig_pay;--> statement-breakpoint
-- Each loan opens owing what it owes now plus what the payments took off it; a deleted loan's
-- account opens at what its payments paid, so it ends owing nothing.
WITH paid AS (
  SELECT loan_id, sum(-amount_cents) AS cents, min(due_date) AS first FROM mig_pay GROUP BY loan_id
), src AS (
  SELECT gen_random_uuid() AS jid, d.user_id, a.id AS loan_id, a.name, d.outstanding_balance_cents + coalesce(p.cents, 0) AS cents,
    least((d.created_at AT TIME ZONE 'America/New_York')::date, p.first) AS date, d.created_at
  FROM user_debts d JOIN mig_acct a ON a.user_id = d.user_id AND a.kind = 'loan' AND a.subject_id = d.id
  LEFT JOIN paid p ON p.loan_id = a.id
  UNION ALL
  SELECT gen_random_uuid(), o.user_id, o.account_id, o.name, p.cents, p.first, (p.first::timestamp AT TIME ZONE 'America/New_York')
  FROM mig_orphans o JOIN paid p ON p.loan_id = o.account_id WHERE o.kind = 'loan'
), j AS (
  INSERT INTO mig_j (id, user_id, date, kind, description, created_at)
  SELECT jid, user_id, date, 'loan.opening', name, created_at FROM src WHERE cents <> 0
)
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT s.jid, s.loan_id, -s.cents, 0 FROM src s WHERE s.cents <> 0
UNION ALL
SELECT s.jid, o.id, s.cents, 1 FROM src s
  JOIN mig_acct o ON o.user_id = s.user_id AND o.kind = 'opening_balance' AND o.name = 'Opening balances'
WHERE s.cents <> 0;--> statement-breakpoint
CREATE INDEX ON mig_p (account_id);--> statement-breakpoint
-- Investments: each day's snapshot is what the account held that day. Its first is an opening journal,
-- each later one a valuation of the difference from what the account's journals (the Nest's shares
-- and the valuations before it) hold by that day; a last valuation makes the account hold its balance.
DO $$
DECLARE
  acct record;
  snap record;
  held bigint;
  diff bigint;
  is_first boolean;
  jid uuid;
  last_day date;
BEGIN
  FOR acct IN
    SELECT i.id AS inv_id, i.user_id, i.balance_cents, i.created_at, a.id AS ledger_id,
      (SELECT o.id FROM mig_acct o WHERE o.user_id = i.user_id AND o.kind = 'opening_balance' AND o.name = 'Opening balances') AS opening_id,
      (SELECT o.id FROM mig_acct o WHERE o.user_id = i.user_id AND o.kind = 'valuation') AS valuation_id
    FROM investment_accounts i JOIN mig_acct a ON a.user_id = i.user_id AND a.kind = 'investment' AND a.subject_id = i.id
  LOOP
    is_first := true;
    FOR snap IN SELECT day, balance_cents FROM investment_snapshots WHERE account_id = acct.inv_id ORDER BY day LOOP
      SELECT coalesce(sum(p.amount_cents), 0) INTO held FROM mig_p p JOIN mig_j j ON j.id = p.journal_id
      WHERE p.account_id = acct.ledger_id AND j.date <= snap.day;
      diff := snap.balance_cents - held;
      IF diff <> 0 THEN
        jid := gen_random_uuid();
        INSERT INTO mig_j (id, user_id, date, kind, description, created_at) VALUES (
          jid, acct.user_id, snap.day,
          CASE WHEN is_first THEN 'investment.opening' ELSE 'investment.valuation' END,
          CASE WHEN is_first THEN 'Opening balance' ELSE 'Balance updated' END,
          CASE WHEN is_first THEN acct.created_at ELSE (snap.day::timestamp + interval '12 hours') AT TIME ZONE 'America/New_York' END);
        INSERT INTO mig_p (journal_id, account_id, amount_cents, ord) VALUES
          (jid, CASE WHEN is_first THEN acct.opening_id ELSE acct.valuation_id END, -diff, 0),
          (jid, acct.ledger_id, diff, 1);
      END IF;
      is_first := false;
    END LOOP;
    SELECT coalesce(sum(p.amount_cents), 0), max(j.date) INTO held, last_day FROM mig_p p JOIN mig_j j ON j.id = p.journal_id
    WHERE p.account_id = acct.ledger_id;
    diff := acct.balance_cents - held;
    IF diff <> 0 THEN
      jid := gen_random_uuid();
      INSERT INTO mig_j (id, user_id, date, kind, description, created_at) VALUES (
        jid, acct.user_id, coalesce(last_day, (acct.created_at AT TIME ZONE 'America/New_York')::date),
        'investment.valuation', 'Balance updated', acct.created_at);
      INSERT INTO mig_p (journal_id, account_id, amount_cents, ord) VALUES
        (jid, acct.valuation_id, -diff, 0), (jid, acct.ledger_id, diff, 1);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- A deleted goal's or investment account's shares left with it: its account is closed to Outside Helo.
WITH held AS (
  SELECT o.user_id, o.kind, o.name, o.account_id, sum(p.amount_cents) AS cents, max(j.date) AS date, max(j.created_at) AS created_at
  FROM mig_orphans o JOIN mig_p p ON p.account_id = o.account_id JOIN mig_j j ON j.id = p.journal_id
  WHERE o.kind IN ('goal', 'investment') GROUP BY o.user_id, o.kind, o.name, o.account_id
), src AS (SELECT gen_random_uuid() AS jid, * FROM held WHERE cents <> 0),
j AS (
  INSERT INTO mig_j (id, user_id, date, kind, description, created_at)
  SELECT jid, user_id, date, CASE kind WHEN 'goal' THEN 'savings.closed' ELSE 'investment.closed' END, name || ' deleted', created_at
  FROM src
)
INSERT INTO mig_p (journal_id, account_id, amount_cents, ord)
SELECT jid, account_id, -cents, 0 FROM src
UNION ALL
SELECT s.jid, o.id, s.cents, 1 FROM src s
  JOIN mig_acct o ON o.user_id = s.user_id AND o.kind = 'opening_balance' AND o.name = 'Outside Helo';--> statement-breakpoint
-- Written: the journals, then their postings in the order their journals were made.
INSERT INTO ledger_journals (id, user_id, group_id, version, date, kind, description, note, external_id,
  external_account_id, reverses_id, reversed_by_id, created_at)
SELECT id, user_id, id, 1, date, kind, description, note, external_id, external_account_id, reverses_id,
  reversed_by_id, created_at
FROM mig_j;--> statement-breakpoint
INSERT INTO ledger_postings (journal_id, user_id, account_id, amount_cents, date)
SELECT p.journal_id, j.user_id, p.account_id, p.amount_cents, j.date
FROM mig_p p JOIN mig_j j ON j.id = p.journal_id
WHERE p.amount_cents <> 0
ORDER BY j.created_at, j.id, p.ord;--> statement-breakpoint
DROP TABLE mig_j;--> statement-breakpoint
DROP TABLE mig_p;--> statement-breakpoint
DROP TABLE mig_orphans;--> statement-breakpoint
DROP TABLE mig_acct;--> statement-breakpoint
DROP TABLE mig_ne;--> statement-breakpoint
DROP TABLE mig_rev;--> statement-breakpoint
DROP TABLE mig_pay;--> statement-breakpoint
ALTER TABLE "emergency_fund_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "investment_snapshots" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lifestyle_goal_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nest_deposits" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nest_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "emergency_fund_entries" CASCADE;--> statement-breakpoint
DROP TABLE "investment_snapshots" CASCADE;--> statement-breakpoint
DROP TABLE "lifestyle_goal_entries" CASCADE;--> statement-breakpoint
DROP TABLE "nest_deposits" CASCADE;--> statement-breakpoint
DROP TABLE "nest_entries" CASCADE;--> statement-breakpoint
ALTER TABLE "emergency_funds" DROP CONSTRAINT IF EXISTS "emergency_funds_starting_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "investment_accounts" DROP CONSTRAINT IF EXISTS "investment_accounts_money_nonnegative";--> statement-breakpoint
ALTER TABLE "lifestyle_goals" DROP CONSTRAINT IF EXISTS "lifestyle_goals_starting_nonnegative";--> statement-breakpoint
ALTER TABLE "user_debts" DROP CONSTRAINT IF EXISTS "user_debts_outstanding_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "emergency_funds" DROP COLUMN "starting_amount_cents";--> statement-breakpoint
ALTER TABLE "investment_accounts" DROP COLUMN "balance_cents";--> statement-breakpoint
ALTER TABLE "lifestyle_goals" DROP COLUMN "starting_amount_cents";--> statement-breakpoint
ALTER TABLE "user_debts" DROP COLUMN "outstanding_balance_cents";--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_contributions_nonnegative" CHECK ("investment_accounts"."monthly_contribution_cents" >= 0 AND "investment_accounts"."employer_monthly_contribution_cents" >= 0);
-- My Wallet moves onto the ledger (issue 27, decisions.md "Accounts and the Wallet on the ledger"): the
-- user's accounts are ledger accounts, a wallet transaction is a journal, an import stages its journals in
-- a batch published at once. Every wallet_transactions row becomes a journal (its id kept: journal id =
-- group id = the transaction's id), and the table, its running totals and their triggers go.
CREATE TABLE "ledger_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_batches" ADD CONSTRAINT "ledger_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_batches_user_idx" ON "ledger_batches" USING btree ("user_id") WHERE "ledger_batches"."published_at" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_batch_id_ledger_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ledger_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_journals_live_idx" ON "ledger_journals" USING btree ("user_id","kind","date","created_at","group_id") WHERE "ledger_journals"."reversed_by_id" IS NULL AND "ledger_journals"."reverses_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_journals_search_idx" ON "ledger_journals" USING gin ("user_id",(lower("description" || ' ' || coalesce("note", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ledger_journals_batch_idx" ON "ledger_journals" USING btree ("batch_id") WHERE "ledger_journals"."batch_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_batch_idx" ON "ledger_postings" USING btree ("batch_id","account_id") WHERE "ledger_postings"."batch_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "ledger_journals_reverses_unique";--> statement-breakpoint
DROP INDEX "ledger_journals_reversed_by_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_unique" ON "ledger_journals" USING btree ("reverses_id") WHERE "ledger_journals"."reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reversed_by_unique" ON "ledger_journals" USING btree ("reversed_by_id") WHERE "ledger_journals"."reversed_by_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "ledger_postings_journal_idx";--> statement-breakpoint
CREATE INDEX "ledger_postings_journal_idx" ON "ledger_postings" USING btree ("journal_id","account_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_version_positive" CHECK ("ledger_accounts"."version" >= 1);--> statement-breakpoint
-- Balances count published postings only: those of no batch, or of a published one. A posting carries its
-- journal's batch (checked here), so neither trigger joins the journals for it.
CREATE OR REPLACE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
  mismatched uuid;
BEGIN
  SELECT journal_id INTO unbalanced FROM new_rows GROUP BY journal_id HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: the postings of journal % do not sum to zero', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  SELECT r.journal_id INTO mismatched FROM new_rows r JOIN ledger_journals j ON j.id = r.journal_id
    WHERE r.batch_id IS DISTINCT FROM j.batch_id OR r.user_id <> j.user_id LIMIT 1;
  IF mismatched IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: a posting of journal % names another batch or user than its journal', mismatched USING ERRCODE = 'check_violation';
  END IF;
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents + s.cents
  FROM (SELECT r.account_id, sum(r.amount_cents) AS cents FROM new_rows r
        LEFT JOIN ledger_batches b ON b.id = r.batch_id
        WHERE r.batch_id IS NULL OR b.published_at IS NOT NULL
        GROUP BY r.account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_postings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents - s.cents
  FROM (SELECT r.account_id, sum(r.amount_cents) AS cents FROM old_rows r
        LEFT JOIN ledger_batches b ON b.id = r.batch_id
        WHERE r.batch_id IS NULL OR b.published_at IS NOT NULL
        GROUP BY r.account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A batch changes once: from staged to published, never back.
CREATE FUNCTION ledger_batches_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.published_at IS NULL AND NEW.published_at IS NOT NULL
     AND NEW.id = OLD.id AND NEW.user_id = OLD.user_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: a batch is only ever published, once' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_batches_updated BEFORE UPDATE ON ledger_batches
  FOR EACH ROW EXECUTE FUNCTION ledger_batches_updated();--> statement-breakpoint
-- Publishing adds the batch's postings to their accounts: one indexed sum and one update per account,
-- whatever the batch's size. The accounts' CHECK refuses a "never below zero" account going below zero.
CREATE FUNCTION ledger_batch_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents + s.cents
  FROM (SELECT account_id, sum(amount_cents) AS cents FROM ledger_postings WHERE batch_id = NEW.id GROUP BY account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_batch_published AFTER UPDATE OF published_at ON ledger_batches
  FOR EACH ROW WHEN (OLD.published_at IS NULL AND NEW.published_at IS NOT NULL)
  EXECUTE FUNCTION ledger_batch_published();--> statement-breakpoint
-- The data. Each user with the Money Nest gets the account "Wallet" (kept by subject: the Nest's row,
-- whose key is the user's id), made at activation from now on.
INSERT INTO ledger_accounts (user_id, kind, name, subject_id, created_at)
SELECT user_id, 'checking', 'Wallet', user_id, activated_at FROM nest_accounts
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The world outside: money out, and money in under a real category (a refund), goes to the spending
-- account named by the category; money in 'Uncategorized' is income (the account named as the category
-- is spelled: a budget may spell it 'uncategorized').
INSERT INTO ledger_accounts (user_id, kind, name)
SELECT DISTINCT user_id, 'spending', category FROM wallet_transactions
WHERE amount_cents < 0 OR lower(category) <> 'uncategorized'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO ledger_accounts (user_id, kind, name)
SELECT DISTINCT user_id, 'income', category FROM wallet_transactions
WHERE amount_cents > 0 AND lower(category) = 'uncategorized'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An import that brought rows is a batch (its id the import's), staged until published below.
INSERT INTO ledger_batches (id, user_id, created_at)
SELECT i.id, i.user_id, i.created_at FROM wallet_imports i
WHERE EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.import_id = i.id);--> statement-breakpoint
INSERT INTO ledger_journals (id, user_id, group_id, version, date, kind, description, note, external_id,
  external_account_id, batch_id, created_at)
SELECT w.id, w.user_id, w.id, w.version, w.date, 'wallet.transaction', w.payee, w.note, w.fitid,
  CASE WHEN w.fitid IS NOT NULL THEN a.id END, w.import_id, w.created_at
FROM wallet_transactions w
JOIN ledger_accounts a ON a.user_id = w.user_id AND a.kind = 'checking' AND a.subject_id = w.user_id;--> statement-breakpoint
-- Both lines of every journal in one statement: the trigger checks each journal sums to zero.
INSERT INTO ledger_postings (journal_id, user_id, account_id, amount_cents, date, batch_id)
SELECT w.id, w.user_id, a.id, w.amount_cents, w.date, w.import_id
FROM wallet_transactions w
JOIN ledger_accounts a ON a.user_id = w.user_id AND a.kind = 'checking' AND a.subject_id = w.user_id
UNION ALL
SELECT w.id, w.user_id, o.id, -w.amount_cents, w.date, w.import_id
FROM wallet_transactions w
JOIN ledger_accounts o ON o.user_id = w.user_id AND (
  CASE WHEN w.amount_cents > 0 AND lower(w.category) = 'uncategorized'
    THEN o.kind = 'income' AND o.name = w.category
    ELSE o.kind = 'spending' AND o.name = w.category END);--> statement-breakpoint
-- A committed import's rows count from here; an uncommitted one's stay staged (the user's next commit
-- discards them, as before).
UPDATE ledger_batches b SET published_at = i.committed_at
FROM wallet_imports i WHERE i.id = b.id AND i.committed_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE wallet_imports i SET account_id = a.id
FROM ledger_accounts a WHERE a.user_id = i.user_id AND a.kind = 'checking' AND a.subject_id = i.user_id;--> statement-breakpoint
ALTER TABLE "wallet_imports" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD CONSTRAINT "wallet_imports_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- No double writing: the old table, its totals and their triggers go.
DROP TRIGGER "wallet_import_published" ON "wallet_imports";--> statement-breakpoint
DROP TRIGGER "wallet_import_discard_staged" ON "wallet_imports";--> statement-breakpoint
DROP FUNCTION "wallet_import_published"();--> statement-breakpoint
DROP FUNCTION "wallet_import_discard_staged"();--> statement-breakpoint
DROP TABLE "wallet_transactions" CASCADE;--> statement-breakpoint
DROP FUNCTION "wallet_transactions_total"();--> statement-breakpoint
ALTER TABLE "nest_accounts" DROP COLUMN "wallet_transactions_cents";--> statement-breakpoint
ALTER TABLE "nest_accounts" DROP COLUMN "wallet_transactions_count";

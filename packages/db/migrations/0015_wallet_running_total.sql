-- A per-user trigram index for My Wallet's search: btree_gin lets user_id sit in the GIN index.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "wallet_transactions_search_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_search_idx" ON "wallet_transactions" USING gin ("user_id",(lower("payee" || ' ' || coalesce("note", ''))) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "nest_accounts" ADD COLUMN "wallet_transactions_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The running total of each user's wallet transactions. Statement-level triggers with transition
-- tables: an import's 2,000-row INSERT updates the Nest row once, and no write path (routes, the
-- import, a script, the cascade from a deleted Nest) can leave the total behind the rows.
CREATE FUNCTION wallet_transactions_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE nest_accounts n SET wallet_transactions_cents = n.wallet_transactions_cents - o.cents
    FROM (SELECT user_id, sum(amount_cents) AS cents FROM old_rows GROUP BY user_id) o
    WHERE n.user_id = o.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE nest_accounts n SET wallet_transactions_cents = n.wallet_transactions_cents + i.cents
    FROM (SELECT user_id, sum(amount_cents) AS cents FROM new_rows GROUP BY user_id) i
    WHERE n.user_id = i.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_transactions_total_insert AFTER INSERT ON wallet_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_transactions_total();--> statement-breakpoint
CREATE TRIGGER wallet_transactions_total_update AFTER UPDATE ON wallet_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_transactions_total();--> statement-breakpoint
CREATE TRIGGER wallet_transactions_total_delete AFTER DELETE ON wallet_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_transactions_total();--> statement-breakpoint
UPDATE nest_accounts n SET wallet_transactions_cents =
  coalesce((SELECT sum(amount_cents) FROM wallet_transactions w WHERE w.user_id = n.user_id), 0);

ALTER TABLE "nest_accounts" ADD COLUMN "wallet_transactions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD COLUMN "staging_token" uuid;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD COLUMN "staging_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD CONSTRAINT "wallet_imports_staging" CHECK (("wallet_imports"."staging_token" IS NULL) = ("wallet_imports"."staging_at" IS NULL));--> statement-breakpoint
-- A commit writes an import's rows in short chunks before it publishes them (issue 24 item 4):
-- until its import is committed a row is staged, and the running totals leave it out. A row is
-- staged exactly when its import exists and is not committed.
CREATE OR REPLACE FUNCTION wallet_transactions_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE nest_accounts n SET wallet_transactions_cents = n.wallet_transactions_cents - o.cents,
      wallet_transactions_count = n.wallet_transactions_count - o.n
    FROM (SELECT r.user_id, sum(r.amount_cents) AS cents, count(*) AS n FROM old_rows r
          WHERE NOT EXISTS (SELECT 1 FROM wallet_imports i WHERE i.id = r.import_id AND i.committed_at IS NULL)
          GROUP BY r.user_id) o
    WHERE n.user_id = o.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE nest_accounts n SET wallet_transactions_cents = n.wallet_transactions_cents + i.cents,
      wallet_transactions_count = n.wallet_transactions_count + i.n
    FROM (SELECT r.user_id, sum(r.amount_cents) AS cents, count(*) AS n FROM new_rows r
          WHERE NOT EXISTS (SELECT 1 FROM wallet_imports s WHERE s.id = r.import_id AND s.committed_at IS NULL)
          GROUP BY r.user_id) i
    WHERE n.user_id = i.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Committing an import publishes its staged rows: they join the totals in the commit's transaction.
CREATE FUNCTION wallet_import_published() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN NEW.committed_at IS NOT NULL THEN 1 ELSE -1 END;
BEGIN
  UPDATE nest_accounts n SET wallet_transactions_cents = n.wallet_transactions_cents + sign * s.cents,
    wallet_transactions_count = n.wallet_transactions_count + sign * s.n
  FROM (SELECT coalesce(sum(amount_cents), 0) AS cents, count(*) AS n FROM wallet_transactions
        WHERE import_id = NEW.id AND user_id = NEW.user_id) s
  WHERE n.user_id = NEW.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_import_published AFTER UPDATE OF committed_at ON wallet_imports
  FOR EACH ROW WHEN ((OLD.committed_at IS NULL) <> (NEW.committed_at IS NULL))
  EXECUTE FUNCTION wallet_import_published();--> statement-breakpoint
-- An import deleted before its commit takes its staged rows with it: the foreign key's SET NULL
-- would otherwise publish them. (Housekeeping discards them in chunks first; this is the guarantee.)
CREATE FUNCTION wallet_import_discard_staged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.committed_at IS NULL THEN
    DELETE FROM wallet_transactions WHERE import_id = OLD.id AND user_id = OLD.user_id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_import_discard_staged BEFORE DELETE ON wallet_imports
  FOR EACH ROW EXECUTE FUNCTION wallet_import_discard_staged();--> statement-breakpoint
UPDATE nest_accounts n SET wallet_transactions_count =
  (SELECT count(*) FROM wallet_transactions w WHERE w.user_id = n.user_id);

CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"subject_id" uuid,
	"institution" text,
	"last_four" text,
	"never_below_zero" boolean DEFAULT false NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" IN ('checking', 'savings', 'cash', 'investment', 'emergency_fund', 'goal', 'loan_payments', 'credit_card', 'loan', 'income', 'spending', 'interest', 'opening_balance', 'valuation')),
	CONSTRAINT "ledger_accounts_never_below_zero" CHECK (NOT "ledger_accounts"."never_below_zero" OR "ledger_accounts"."balance_cents" >= 0),
	CONSTRAINT "ledger_accounts_last_four" CHECK ("ledger_accounts"."last_four" IS NULL OR "ledger_accounts"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"note" text,
	"external_id" text,
	"external_account_id" uuid,
	"reverses_id" uuid,
	"reversed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_version_positive" CHECK ("ledger_journals"."version" >= 1),
	CONSTRAINT "ledger_journals_external" CHECK (("ledger_journals"."external_id" IS NULL) = ("ledger_journals"."external_account_id" IS NULL)),
	CONSTRAINT "ledger_journals_not_both" CHECK ("ledger_journals"."reverses_id" IS NULL OR "ledger_journals"."reversed_by_id" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "ledger_postings_amount_nonzero" CHECK ("ledger_postings"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_external_account_id_ledger_accounts_id_fk" FOREIGN KEY ("external_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_subject_unique" ON "ledger_accounts" USING btree ("user_id","kind","subject_id") WHERE "ledger_accounts"."subject_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_external_unique" ON "ledger_accounts" USING btree ("user_id","kind","name") WHERE "ledger_accounts"."kind" IN ('income', 'spending', 'interest', 'opening_balance', 'valuation');--> statement-breakpoint
CREATE INDEX "ledger_journals_user_idx" ON "ledger_journals" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_journals_group_idx" ON "ledger_journals" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_unique" ON "ledger_journals" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reversed_by_unique" ON "ledger_journals" USING btree ("reversed_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_external_unique" ON "ledger_journals" USING btree ("external_account_id","external_id") WHERE "ledger_journals"."external_id" IS NOT NULL AND "ledger_journals"."reversed_by_id" IS NULL AND "ledger_journals"."reverses_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","date","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_journal_idx" ON "ledger_postings" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_user_idx" ON "ledger_postings" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action;--> statement-breakpoint
-- Balances are kept here, not by the code: every insert of postings adds them to their accounts in one
-- statement-level update (an import's 2,000 postings update each account once), after checking that the
-- postings of each journal in the statement sum to zero (post() writes a journal's postings in one statement).
CREATE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
BEGIN
  SELECT journal_id INTO unbalanced FROM new_rows GROUP BY journal_id HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: the postings of journal % do not sum to zero', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents + s.cents
  FROM (SELECT account_id, sum(amount_cents) AS cents FROM new_rows GROUP BY account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_inserted AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_inserted();--> statement-breakpoint
-- Postings go only with their user (or a test's cleanup); the balance follows them either way.
CREATE FUNCTION ledger_postings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents - s.cents
  FROM (SELECT account_id, sum(amount_cents) AS cents FROM old_rows GROUP BY account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_deleted AFTER DELETE ON ledger_postings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_deleted();--> statement-breakpoint
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is never changed once written; post a correction', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_unchanged BEFORE UPDATE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- A posted journal is never changed: the one thing written to it later is who reversed it, once.
CREATE FUNCTION ledger_journals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
     AND (to_jsonb(NEW) - 'reversed_by_id') = (to_jsonb(OLD) - 'reversed_by_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: a posted journal is never changed; reverse it or post a correction' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_journals_updated BEFORE UPDATE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION ledger_journals_updated();--> statement-breakpoint
-- A balance is written only by the postings' triggers (one trigger deep), never by a statement of its own.
CREATE FUNCTION ledger_accounts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_cents IS DISTINCT FROM OLD.balance_cents AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger: a balance comes from its postings; post a journal' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    RAISE EXCEPTION 'ledger: an account keeps its kind and owner' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_updated BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_updated();
-- Search in My Wallet is a substring match on payee and note, made an index search by trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "wallet_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" text,
	"committed_at" timestamp with time zone,
	"inserted_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_imports_format" CHECK ("wallet_imports"."format" IN ('csv', 'ofx')),
	CONSTRAINT "wallet_imports_committed" CHECK (("wallet_imports"."committed_at" IS NULL) = ("wallet_imports"."inserted_count" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"payee" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"category" text DEFAULT 'Uncategorized' NOT NULL,
	"note" text,
	"fitid" text,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount_nonzero" CHECK ("wallet_transactions"."amount_cents" <> 0),
	CONSTRAINT "wallet_transactions_version_positive" CHECK ("wallet_transactions"."version" >= 1)
);
--> statement-breakpoint
-- Existing loans fall due on the day of their saved date.
ALTER TABLE "user_debts" ADD COLUMN "due_day" integer;--> statement-breakpoint
UPDATE "user_debts" SET "due_day" = EXTRACT(DAY FROM "due_date")::int;--> statement-breakpoint
ALTER TABLE "user_debts" ALTER COLUMN "due_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD CONSTRAINT "wallet_imports_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_import_id_wallet_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."wallet_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_imports_user_idx" ON "wallet_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_category_idx" ON "wallet_transactions" USING btree ("user_id","category","date");--> statement-breakpoint
CREATE INDEX "wallet_transactions_search_idx" ON "wallet_transactions" USING gin ((lower("payee" || ' ' || coalesce("note", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_fitid_unique" ON "wallet_transactions" USING btree ("user_id","fitid");--> statement-breakpoint
CREATE INDEX "wallet_transactions_import_idx" ON "wallet_transactions" USING btree ("import_id");--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_due_day_range" CHECK ("user_debts"."due_day" BETWEEN 1 AND 31);
ALTER TABLE "nest_accounts" ADD COLUMN "wallet_transactions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD COLUMN "staging_token" uuid;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD COLUMN "staging_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD CONSTRAINT "wallet_imports_staging" CHECK (("wallet_imports"."staging_token" IS NULL) = ("wallet_imports"."staging_at" IS NULL));
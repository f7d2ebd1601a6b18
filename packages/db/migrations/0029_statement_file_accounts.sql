CREATE TABLE "wallet_import_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_account" text NOT NULL,
	"account_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_imports" DROP CONSTRAINT "wallet_imports_format";--> statement-breakpoint
ALTER TABLE "wallet_import_accounts" ADD CONSTRAINT "wallet_import_accounts_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_import_accounts" ADD CONSTRAINT "wallet_import_accounts_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_import_accounts_user_file_account" ON "wallet_import_accounts" USING btree ("user_id","file_account");--> statement-breakpoint
ALTER TABLE "wallet_imports" ADD CONSTRAINT "wallet_imports_format" CHECK ("wallet_imports"."format" IN ('csv', 'ofx', 'qif', 'camt'));
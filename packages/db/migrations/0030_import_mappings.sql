CREATE TABLE "wallet_import_mappings" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"shape" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_import_mappings_user_id_account_id_shape_pk" PRIMARY KEY("user_id","account_id","shape")
);
--> statement-breakpoint
ALTER TABLE "wallet_import_mappings" ADD CONSTRAINT "wallet_import_mappings_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_import_mappings" ADD CONSTRAINT "wallet_import_mappings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;
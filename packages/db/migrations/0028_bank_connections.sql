CREATE TABLE "bank_connection_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"institution" text,
	"account_id" uuid,
	"bank_balance_cents" bigint,
	"available_balance_cents" bigint,
	"balance_date" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"access_sealed" text NOT NULL,
	"name" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone,
	"bank_messages" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connections_provider" CHECK ("bank_connections"."provider" IN ('simplefin')),
	CONSTRAINT "bank_connections_error" CHECK (("bank_connections"."error" IS NULL) = ("bank_connections"."error_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "bank_pending_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_account_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_connection_id_bank_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."bank_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_accounts" ADD CONSTRAINT "bank_connection_accounts_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_pending_transactions" ADD CONSTRAINT "bank_pending_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_pending_transactions" ADD CONSTRAINT "bank_pending_transactions_connection_account_id_bank_connection_accounts_id_fk" FOREIGN KEY ("connection_account_id") REFERENCES "public"."bank_connection_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_connection_accounts_user_idx" ON "bank_connection_accounts" USING btree ("user_id","connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connection_accounts_external_unique" ON "bank_connection_accounts" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "bank_connections_user_idx" ON "bank_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_pending_transactions_account_idx" ON "bank_pending_transactions" USING btree ("user_id","connection_account_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_pending_transactions_external_unique" ON "bank_pending_transactions" USING btree ("connection_account_id","external_id");
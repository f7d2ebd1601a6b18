CREATE TABLE "recurring_dismissed" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_dismissed_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "recurring_payments" (
	"user_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"group_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_payments_series_id_due_date_pk" PRIMARY KEY("series_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cadence" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"amount_varies" boolean DEFAULT false NOT NULL,
	"account_id" uuid NOT NULL,
	"to_account_id" uuid,
	"category" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"through_nest" boolean DEFAULT false NOT NULL,
	"record_for_me" boolean DEFAULT false NOT NULL,
	"payee_key" text NOT NULL,
	"found_key" text,
	"price_change_date" date,
	"price_change_from_cents" bigint,
	"price_change_to_cents" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_series_amount_positive" CHECK ("recurring_series"."amount_cents" > 0),
	CONSTRAINT "recurring_series_dates" CHECK ("recurring_series"."end_date" IS NULL OR "recurring_series"."end_date" >= "recurring_series"."start_date"),
	CONSTRAINT "recurring_series_version_positive" CHECK ("recurring_series"."version" >= 1),
	CONSTRAINT "recurring_series_kind" CHECK ("recurring_series"."kind" IN ('income', 'bill', 'subscription', 'transfer')),
	CONSTRAINT "recurring_series_transfer_account" CHECK (("recurring_series"."kind" = 'transfer') = ("recurring_series"."to_account_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "recurring_dismissed" ADD CONSTRAINT "recurring_dismissed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_series_id_recurring_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payments_group_unique" ON "recurring_payments" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "recurring_payments_user_idx" ON "recurring_payments" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "recurring_series_user_idx" ON "recurring_series" USING btree ("user_id","created_at");
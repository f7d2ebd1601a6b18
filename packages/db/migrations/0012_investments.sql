CREATE TABLE "investment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"monthly_contribution_cents" bigint NOT NULL,
	"employer_monthly_contribution_cents" bigint DEFAULT 0 NOT NULL,
	"expected_return_percent" numeric(5, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_accounts_kind" CHECK ("investment_accounts"."kind" IN ('401k', 'ira', 'roth_ira', 'brokerage', 'hsa', 'other')),
	CONSTRAINT "investment_accounts_money_nonnegative" CHECK ("investment_accounts"."balance_cents" >= 0 AND "investment_accounts"."monthly_contribution_cents" >= 0 AND "investment_accounts"."employer_monthly_contribution_cents" >= 0),
	CONSTRAINT "investment_accounts_return_range" CHECK ("investment_accounts"."expected_return_percent" >= -50 AND "investment_accounts"."expected_return_percent" <= 50),
	CONSTRAINT "investment_accounts_version_positive" CHECK ("investment_accounts"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "investment_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"birth_year" integer NOT NULL,
	"retirement_age" integer NOT NULL,
	"inflation_percent" numeric(5, 2) DEFAULT '2.5' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_profiles_birth_year" CHECK ("investment_profiles"."birth_year" BETWEEN 1900 AND 2199),
	CONSTRAINT "investment_profiles_retirement_age" CHECK ("investment_profiles"."retirement_age" BETWEEN 18 AND 100),
	CONSTRAINT "investment_profiles_inflation" CHECK ("investment_profiles"."inflation_percent" >= 0 AND "investment_profiles"."inflation_percent" <= 20),
	CONSTRAINT "investment_profiles_version_positive" CHECK ("investment_profiles"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "investment_snapshots" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"balance_cents" bigint NOT NULL,
	CONSTRAINT "investment_snapshots_account_id_day_pk" PRIMARY KEY("account_id","day"),
	CONSTRAINT "investment_snapshots_balance_nonnegative" CHECK ("investment_snapshots"."balance_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_user_id_investment_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."investment_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_profiles" ADD CONSTRAINT "investment_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_snapshots" ADD CONSTRAINT "investment_snapshots_account_id_investment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."investment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_snapshots" ADD CONSTRAINT "investment_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_accounts_user_idx" ON "investment_accounts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "investment_snapshots_user_idx" ON "investment_snapshots" USING btree ("user_id");
CREATE TABLE "nest_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rules_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "nest_accounts_rules_version_positive" CHECK ("nest_accounts"."rules_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "nest_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nest_deposits_amount_positive" CHECK ("nest_deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "nest_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"deposit_id" uuid,
	"goal_id" uuid,
	"investment_account_id" uuid,
	"user_debt_id" uuid,
	"due_date" date,
	"target_name" text,
	"fund_entry_id" uuid,
	"goal_entry_id" uuid,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nest_entries_kind" CHECK ("nest_entries"."kind" IN ('allocation', 'reversal', 'loan_payment')),
	CONSTRAINT "nest_entries_bucket" CHECK ("nest_entries"."bucket" IN ('wallet', 'loans', 'emergency_fund', 'goal', 'investment')),
	CONSTRAINT "nest_entries_amount_nonzero" CHECK ("nest_entries"."amount_cents" <> 0),
	CONSTRAINT "nest_entries_sign" CHECK (("nest_entries"."kind" = 'allocation' AND "nest_entries"."amount_cents" > 0) OR ("nest_entries"."kind" <> 'allocation' AND "nest_entries"."amount_cents" < 0)),
	CONSTRAINT "nest_entries_loan_payment" CHECK (("nest_entries"."kind" = 'loan_payment') = ("nest_entries"."due_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "nest_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"bucket" text NOT NULL,
	"goal_id" uuid,
	"investment_account_id" uuid,
	"kind" text NOT NULL,
	"percent_basis_points" integer,
	"fixed_cents" bigint,
	CONSTRAINT "nest_rules_bucket" CHECK ("nest_rules"."bucket" IN ('wallet', 'loans', 'emergency_fund', 'goal', 'investment')),
	CONSTRAINT "nest_rules_value" CHECK (("nest_rules"."kind" = 'percent' AND "nest_rules"."percent_basis_points" IS NOT NULL AND "nest_rules"."percent_basis_points" BETWEEN 1 AND 10000 AND "nest_rules"."fixed_cents" IS NULL) OR ("nest_rules"."kind" = 'fixed' AND "nest_rules"."fixed_cents" IS NOT NULL AND "nest_rules"."fixed_cents" > 0 AND "nest_rules"."percent_basis_points" IS NULL)),
	CONSTRAINT "nest_rules_target" CHECK (("nest_rules"."bucket" = 'goal') = ("nest_rules"."goal_id" IS NOT NULL) AND ("nest_rules"."bucket" = 'investment') = ("nest_rules"."investment_account_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "nest_accounts" ADD CONSTRAINT "nest_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_deposits" ADD CONSTRAINT "nest_deposits_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_deposit_id_nest_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."nest_deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_goal_id_lifestyle_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."lifestyle_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_investment_account_id_investment_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."investment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_user_debt_id_user_debts_id_fk" FOREIGN KEY ("user_debt_id") REFERENCES "public"."user_debts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_fund_entry_id_emergency_fund_entries_id_fk" FOREIGN KEY ("fund_entry_id") REFERENCES "public"."emergency_fund_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_entries" ADD CONSTRAINT "nest_entries_goal_entry_id_lifestyle_goal_entries_id_fk" FOREIGN KEY ("goal_entry_id") REFERENCES "public"."lifestyle_goal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_rules" ADD CONSTRAINT "nest_rules_user_id_nest_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."nest_accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_rules" ADD CONSTRAINT "nest_rules_goal_id_lifestyle_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."lifestyle_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_rules" ADD CONSTRAINT "nest_rules_investment_account_id_investment_accounts_id_fk" FOREIGN KEY ("investment_account_id") REFERENCES "public"."investment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nest_deposits_user_idx" ON "nest_deposits" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "nest_entries_user_idx" ON "nest_entries" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "nest_entries_bucket_idx" ON "nest_entries" USING btree ("user_id","bucket");--> statement-breakpoint
CREATE INDEX "nest_entries_deposit_idx" ON "nest_entries" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nest_entries_loan_payment_unique" ON "nest_entries" USING btree ("user_debt_id","due_date") WHERE "nest_entries"."kind" = 'loan_payment';--> statement-breakpoint
CREATE INDEX "nest_rules_user_idx" ON "nest_rules" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "nest_rules_goal_idx" ON "nest_rules" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "nest_rules_investment_account_idx" ON "nest_rules" USING btree ("investment_account_id");
CREATE TABLE "budget_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"preset" text,
	"planned_cents" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "budget_categories_group" CHECK ("budget_categories"."group" IN ('needs', 'wants', 'savings')),
	CONSTRAINT "budget_categories_planned_nonnegative" CHECK ("budget_categories"."planned_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"net_income_cents" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_budgets_month_format" CHECK ("user_budgets"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "user_budgets_net_income_nonnegative" CHECK ("user_budgets"."net_income_cents" >= 0),
	CONSTRAINT "user_budgets_version_positive" CHECK ("user_budgets"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "lifestyle_goal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifestyle_goal_entries_kind" CHECK ("lifestyle_goal_entries"."kind" IN ('deposit', 'withdrawal')),
	CONSTRAINT "lifestyle_goal_entries_amount_positive" CHECK ("lifestyle_goal_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "lifestyle_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"target_amount_cents" bigint NOT NULL,
	"starting_amount_cents" bigint NOT NULL,
	"horizon_years" integer,
	"target_date" date,
	"apy_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"plan_started_on" date NOT NULL,
	"plan_start_cents" bigint NOT NULL,
	"plan_monthly_cents" bigint NOT NULL,
	"milestone_reached" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifestyle_goals_kind" CHECK ("lifestyle_goals"."kind" IN ('travel', 'car', 'home', 'wedding', 'education', 'other')),
	CONSTRAINT "lifestyle_goals_target_positive" CHECK ("lifestyle_goals"."target_amount_cents" > 0),
	CONSTRAINT "lifestyle_goals_starting_nonnegative" CHECK ("lifestyle_goals"."starting_amount_cents" >= 0),
	CONSTRAINT "lifestyle_goals_plan_nonnegative" CHECK ("lifestyle_goals"."plan_start_cents" >= 0 AND "lifestyle_goals"."plan_monthly_cents" >= 0),
	CONSTRAINT "lifestyle_goals_horizon_or_date" CHECK (("lifestyle_goals"."horizon_years" IN (1, 3, 5, 10) AND "lifestyle_goals"."target_date" IS NULL) OR ("lifestyle_goals"."horizon_years" IS NULL AND "lifestyle_goals"."target_date" IS NOT NULL)),
	CONSTRAINT "lifestyle_goals_apy_range" CHECK ("lifestyle_goals"."apy_percent" >= 0 AND "lifestyle_goals"."apy_percent" <= 100),
	CONSTRAINT "lifestyle_goals_milestone" CHECK ("lifestyle_goals"."milestone_reached" IN (0, 25, 50, 75, 100)),
	CONSTRAINT "lifestyle_goals_version_positive" CHECK ("lifestyle_goals"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "budget_categories" ADD CONSTRAINT "budget_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_categories" ADD CONSTRAINT "budget_categories_budget_id_user_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."user_budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_budgets" ADD CONSTRAINT "user_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifestyle_goal_entries" ADD CONSTRAINT "lifestyle_goal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifestyle_goal_entries" ADD CONSTRAINT "lifestyle_goal_entries_goal_id_lifestyle_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."lifestyle_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifestyle_goals" ADD CONSTRAINT "lifestyle_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_categories_budget_idx" ON "budget_categories" USING btree ("budget_id","position");--> statement-breakpoint
CREATE INDEX "budget_categories_user_idx" ON "budget_categories" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_categories_name_unique" ON "budget_categories" USING btree ("budget_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_budgets_user_month_unique" ON "user_budgets" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "lifestyle_goal_entries_goal_idx" ON "lifestyle_goal_entries" USING btree ("goal_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "lifestyle_goal_entries_user_idx" ON "lifestyle_goal_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lifestyle_goals_user_idx" ON "lifestyle_goals" USING btree ("user_id","created_at");
CREATE TABLE "budget_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"cadence" jsonb,
	"rollover_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"rollover_from" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_settings_period" CHECK ("budget_settings"."period" IN ('month', 'pay_period')),
	CONSTRAINT "budget_settings_cadence" CHECK ("budget_settings"."period" = 'month' OR ("budget_settings"."cadence" IS NOT NULL AND "budget_settings"."rollover_from" IS NOT NULL)),
	CONSTRAINT "budget_settings_rollover_count" CHECK (cardinality("budget_settings"."rollover_categories") <= 60),
	CONSTRAINT "budget_settings_version_positive" CHECK ("budget_settings"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "budget_settings" ADD CONSTRAINT "budget_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
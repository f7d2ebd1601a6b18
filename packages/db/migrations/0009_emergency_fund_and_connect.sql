CREATE TABLE "connect_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"professionals_need" text[] NOT NULL,
	"has_working_professional" boolean NOT NULL,
	"satisfaction_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connect_requests_user_unique" UNIQUE("user_id"),
	CONSTRAINT "connect_requests_professionals_not_empty" CHECK (cardinality("connect_requests"."professionals_need") >= 1),
	CONSTRAINT "connect_requests_satisfaction_level" CHECK ("connect_requests"."satisfaction_level" IS NULL OR "connect_requests"."satisfaction_level" IN ('very_dissatisfied', 'dissatisfied', 'satisfied', 'very_satisfied'))
);
--> statement-breakpoint
CREATE TABLE "emergency_fund_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_fund_entries_kind" CHECK ("emergency_fund_entries"."kind" IN ('deposit', 'withdrawal')),
	CONSTRAINT "emergency_fund_entries_amount_positive" CHECK ("emergency_fund_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "emergency_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"is_saving" boolean,
	"starting_amount_cents" bigint NOT NULL,
	"monthly_income_cents" bigint NOT NULL,
	"monthly_saving_cents" bigint NOT NULL,
	"monthly_saving_want_cents" bigint NOT NULL,
	"milestone_reached" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_funds_user_unique" UNIQUE("user_id"),
	CONSTRAINT "emergency_funds_starting_amount_nonnegative" CHECK ("emergency_funds"."starting_amount_cents" >= 0),
	CONSTRAINT "emergency_funds_monthly_income_nonnegative" CHECK ("emergency_funds"."monthly_income_cents" >= 0),
	CONSTRAINT "emergency_funds_monthly_saving_nonnegative" CHECK ("emergency_funds"."monthly_saving_cents" >= 0),
	CONSTRAINT "emergency_funds_monthly_saving_want_nonnegative" CHECK ("emergency_funds"."monthly_saving_want_cents" >= 0),
	CONSTRAINT "emergency_funds_milestone_reached" CHECK ("emergency_funds"."milestone_reached" IN (0, 25, 50, 75, 100))
);
--> statement-breakpoint
ALTER TABLE "connect_requests" ADD CONSTRAINT "connect_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_fund_entries" ADD CONSTRAINT "emergency_fund_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_fund_entries" ADD CONSTRAINT "emergency_fund_entries_fund_id_emergency_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."emergency_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_funds" ADD CONSTRAINT "emergency_funds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_fund_entries_user_idx" ON "emergency_fund_entries" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "emergency_fund_entries_fund_idx" ON "emergency_fund_entries" USING btree ("fund_id");
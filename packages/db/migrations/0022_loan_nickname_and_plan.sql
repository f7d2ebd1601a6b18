CREATE TABLE "loan_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"extra_monthly_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_plans_extra_monthly_nonnegative" CHECK ("loan_plans"."extra_monthly_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "loan_plans" ADD CONSTRAINT "loan_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_nickname_length" CHECK (char_length("user_debts"."nickname") BETWEEN 1 AND 40);
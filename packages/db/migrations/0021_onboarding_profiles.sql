CREATE TABLE "onboarding_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"monthly_income_cents" bigint,
	"first_focus" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_profiles_monthly_income_nonnegative" CHECK ("onboarding_profiles"."monthly_income_cents" >= 0),
	CONSTRAINT "onboarding_profiles_first_focus" CHECK ("onboarding_profiles"."first_focus" IN ('pay_off_debt', 'emergency_fund', 'budget', 'goal', 'investing'))
);
--> statement-breakpoint
ALTER TABLE "onboarding_profiles" ADD CONSTRAINT "onboarding_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "user_debts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_initial_loan_amount_nonnegative" CHECK ("user_debts"."initial_loan_amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_outstanding_balance_nonnegative" CHECK ("user_debts"."outstanding_balance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_monthly_payment_nonnegative" CHECK ("user_debts"."monthly_payment_cents" >= 0);--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_interest_rate_range" CHECK ("user_debts"."interest_rate" >= 0 AND "user_debts"."interest_rate" <= 100);--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_version_positive" CHECK ("user_debts"."version" >= 1);
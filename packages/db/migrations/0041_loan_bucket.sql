ALTER TABLE "nest_accounts" ADD COLUMN "loan_bucket_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nest_accounts" ADD COLUMN "loan_bucket_interest_month" text;--> statement-breakpoint
ALTER TABLE "nest_accounts" ADD CONSTRAINT "nest_accounts_loan_bucket_rate" CHECK ("nest_accounts"."loan_bucket_rate" BETWEEN 0 AND 1000000);
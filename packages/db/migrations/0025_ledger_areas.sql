ALTER TABLE "emergency_fund_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "investment_snapshots" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lifestyle_goal_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nest_deposits" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nest_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "emergency_fund_entries" CASCADE;--> statement-breakpoint
DROP TABLE "investment_snapshots" CASCADE;--> statement-breakpoint
DROP TABLE "lifestyle_goal_entries" CASCADE;--> statement-breakpoint
DROP TABLE "nest_deposits" CASCADE;--> statement-breakpoint
DROP TABLE "nest_entries" CASCADE;--> statement-breakpoint
ALTER TABLE "emergency_funds" DROP CONSTRAINT IF EXISTS "emergency_funds_starting_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "investment_accounts" DROP CONSTRAINT IF EXISTS "investment_accounts_money_nonnegative";--> statement-breakpoint
ALTER TABLE "lifestyle_goals" DROP CONSTRAINT IF EXISTS "lifestyle_goals_starting_nonnegative";--> statement-breakpoint
ALTER TABLE "user_debts" DROP CONSTRAINT IF EXISTS "user_debts_outstanding_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "emergency_funds" DROP COLUMN "starting_amount_cents";--> statement-breakpoint
ALTER TABLE "investment_accounts" DROP COLUMN "balance_cents";--> statement-breakpoint
ALTER TABLE "lifestyle_goals" DROP COLUMN "starting_amount_cents";--> statement-breakpoint
ALTER TABLE "user_debts" DROP COLUMN "outstanding_balance_cents";--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_contributions_nonnegative" CHECK ("investment_accounts"."monthly_contribution_cents" >= 0 AND "investment_accounts"."employer_monthly_contribution_cents" >= 0);
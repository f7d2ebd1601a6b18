CREATE TABLE "user_debts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"debt_id" integer NOT NULL,
	"initial_loan_amount_cents" bigint NOT NULL,
	"outstanding_balance_cents" bigint NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"interest_rate" numeric(7, 4) NOT NULL,
	"due_date" date NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_debt_id_debts_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_debts_user_idx" ON "user_debts" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "user_debts_due_idx" ON "user_debts" USING btree ("due_date");
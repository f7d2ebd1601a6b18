CREATE TABLE "wallet_duplicate_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_id" uuid NOT NULL,
	"second_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"into_id" uuid,
	"before_journal_id" uuid,
	"after_journal_id" uuid,
	"folded_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "wallet_duplicate_pairs_order" CHECK ("wallet_duplicate_pairs"."first_id" < "wallet_duplicate_pairs"."second_id"),
	CONSTRAINT "wallet_duplicate_pairs_decision" CHECK ("wallet_duplicate_pairs"."decision" IN ('kept', 'merged')),
	CONSTRAINT "wallet_duplicate_pairs_merge" CHECK (("wallet_duplicate_pairs"."decision" = 'merged') = ("wallet_duplicate_pairs"."into_id" IS NOT NULL AND "wallet_duplicate_pairs"."before_journal_id" IS NOT NULL AND "wallet_duplicate_pairs"."after_journal_id" IS NOT NULL AND "wallet_duplicate_pairs"."folded_journal_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "wallet_duplicate_pairs" ADD CONSTRAINT "wallet_duplicate_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_duplicate_pairs_first_idx" ON "wallet_duplicate_pairs" USING btree ("user_id","first_id");--> statement-breakpoint
CREATE INDEX "wallet_duplicate_pairs_second_idx" ON "wallet_duplicate_pairs" USING btree ("user_id","second_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_duplicate_pairs_live_unique" ON "wallet_duplicate_pairs" USING btree ("user_id","first_id","second_id") WHERE "wallet_duplicate_pairs"."undone_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_amount_idx" ON "ledger_postings" USING btree ("account_id","amount_cents","date");
CREATE TABLE "wallet_transaction_tags" (
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transaction_tags_tag" CHECK (char_length("wallet_transaction_tags"."tag") BETWEEN 1 AND 40 AND "wallet_transaction_tags"."tag" = btrim("wallet_transaction_tags"."tag") AND position(',' in "wallet_transaction_tags"."tag") = 0)
);
--> statement-breakpoint
DROP INDEX "ledger_journals_search_idx";--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "original_description" text;--> statement-breakpoint
ALTER TABLE "wallet_transaction_tags" ADD CONSTRAINT "wallet_transaction_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transaction_tags_unique" ON "wallet_transaction_tags" USING btree ("user_id","group_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "wallet_transaction_tags_tag_idx" ON "wallet_transaction_tags" USING btree ("user_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "ledger_journals_search_idx" ON "ledger_journals" USING gin ("user_id",(lower("description" || ' ' || coalesce("original_description", '') || ' ' || coalesce("note", ''))) gin_trgm_ops);
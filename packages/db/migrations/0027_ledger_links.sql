CREATE TABLE "ledger_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"note" text,
	"amount_cents" bigint NOT NULL,
	"external_id" text,
	"batch_id" uuid,
	"unlinked_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_links_amount_nonzero" CHECK ("ledger_links"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_links" ADD CONSTRAINT "ledger_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_links" ADD CONSTRAINT "ledger_links_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_links" ADD CONSTRAINT "ledger_links_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_links" ADD CONSTRAINT "ledger_links_unlinked_by_id_ledger_journals_id_fk" FOREIGN KEY ("unlinked_by_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_links_account_idx" ON "ledger_links" USING btree ("user_id","account_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_links_journal_unique" ON "ledger_links" USING btree ("journal_id") WHERE "ledger_links"."unlinked_by_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_links_external_unique" ON "ledger_links" USING btree ("account_id","external_id") WHERE "ledger_links"."external_id" IS NOT NULL AND "ledger_links"."unlinked_by_id" IS NULL;
-- The Money Nest's list reads its journals by kind; the reversal links are unique only where set (nearly
-- every journal has neither, so writing one costs two index entries fewer).
DROP INDEX "ledger_journals_reverses_unique";--> statement-breakpoint
DROP INDEX "ledger_journals_reversed_by_unique";--> statement-breakpoint
CREATE INDEX "ledger_journals_kind_idx" ON "ledger_journals" USING btree ("user_id","kind","date","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_unique" ON "ledger_journals" USING btree ("reverses_id") WHERE "ledger_journals"."reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reversed_by_unique" ON "ledger_journals" USING btree ("reversed_by_id") WHERE "ledger_journals"."reversed_by_id" IS NOT NULL;
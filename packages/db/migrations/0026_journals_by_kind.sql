-- The Money Nest's list reads the user's journals of its kinds (deposits, their reversals, loan payments),
-- reversed ones included, newest first: by user and kind, not through every posting of a busy Wallet.
CREATE INDEX "ledger_journals_kind_idx" ON "ledger_journals" USING btree ("user_id","kind","date","created_at","id");
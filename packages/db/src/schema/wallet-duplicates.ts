import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What the user decided about two transactions the duplicate engine flagged (issue 28 item 2,
 * decisions.md "One duplicate engine"): kept both (the flag is not shown again), or merged one into
 * the other. The flags themselves are not stored: the engine reads them off the ledger, so an edit or
 * a deletion can never leave one stale. A merge names the journals it reversed and posted, so that
 * undoing it puts both back as they were; an undone decision stays, with the time it was undone.
 * `first_id` < `second_id`: a pair is one row whichever way round it was asked.
 */
export const walletDuplicatePairs = pgTable(
  'wallet_duplicate_pairs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The two transactions' ids (their journals' group ids).
    firstId: uuid('first_id').notNull(),
    secondId: uuid('second_id').notNull(),
    decision: text('decision', { enum: ['kept', 'merged'] }).notNull(),
    // A merge: the transaction kept (one of the two), its live journal before and after, and the
    // journal of the other one that the merge reversed.
    intoId: uuid('into_id'),
    beforeJournalId: uuid('before_journal_id'),
    afterJournalId: uuid('after_journal_id'),
    foldedJournalId: uuid('folded_journal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_duplicate_pairs_first_idx').on(t.userId, t.firstId),
    index('wallet_duplicate_pairs_second_idx').on(t.userId, t.secondId),
    uniqueIndex('wallet_duplicate_pairs_live_unique')
      .on(t.userId, t.firstId, t.secondId)
      .where(sql`${t.undoneAt} IS NULL`),
    check('wallet_duplicate_pairs_order', sql`${t.firstId} < ${t.secondId}`),
    check('wallet_duplicate_pairs_decision', sql`${t.decision} IN ('kept', 'merged')`),
    check(
      'wallet_duplicate_pairs_merge',
      sql`(${t.decision} = 'merged') = (${t.intoId} IS NOT NULL AND ${t.beforeJournalId} IS NOT NULL AND ${t.afterJournalId} IS NOT NULL AND ${t.foldedJournalId} IS NOT NULL)`,
    ),
  ],
);

export type WalletDuplicatePairRow = typeof walletDuplicatePairs.$inferSelect;

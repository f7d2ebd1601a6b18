import type { Cents } from '@helo/finance/cents';
import { ACCOUNT_KINDS, type AccountKind, EXTERNAL_KINDS } from '@helo/finance/ledger';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const list = (values: readonly string[]): SQL => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * One account of the user's ledger (issue 27): what they own or owe, or a place in the world outside
 * (income, a spending category, interest, opening balances, changes in value). `balance_cents` is the
 * sum of the account's postings, kept by the postings' trigger (migration 0023) and writable by
 * nothing else, so a balance is one row however many postings there are.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountKind>().notNull(),
    name: text('name').notNull(),
    // The row of another area this account stands for (a goal, an investment account, a loan): at
    // most one account of a kind per subject.
    subjectId: uuid('subject_id'),
    institution: text('institution'),
    lastFour: text('last_four'),
    // Refuses, inside the ledger, any journal that would take the balance below zero.
    neverBelowZero: boolean('never_below_zero').notNull().default(false),
    // Counts saves of the account's own fields (name, institution…): a save from a stale copy is refused.
    version: integer('version').notNull().default(1),
    // An account of the user's that was deleted after it had postings: postings are never deleted, so
    // it stays, hidden from the pages and closed to new journals (migration 0024).
    closedAt: timestamp('closed_at', { withTimezone: true }),
    balanceCents: bigint('balance_cents', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_accounts_user_idx').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_subject_unique')
      .on(t.userId, t.kind, t.subjectId)
      .where(sql`${t.subjectId} IS NOT NULL`),
    // The world outside has one account of a kind and name per user ("Groceries" spending).
    uniqueIndex('ledger_accounts_external_unique')
      .on(t.userId, t.kind, t.name)
      .where(sql`${t.kind} IN ${list(EXTERNAL_KINDS)}`),
    check('ledger_accounts_kind', sql`${t.kind} IN ${list(ACCOUNT_KINDS)}`),
    check('ledger_accounts_never_below_zero', sql`NOT ${t.neverBelowZero} OR ${t.balanceCents} >= 0`),
    check('ledger_accounts_last_four', sql`${t.lastFour} IS NULL OR ${t.lastFour} ~ '^[0-9]{4}$'`),
    check('ledger_accounts_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * Journals written a few at a time and made part of the ledger all at once (an import of a bank
 * file, migration 0024): until `published_at` is set a batch's journals are *staged*, their postings
 * in no balance and their journals in no list. Publishing is this row's update: a trigger adds each
 * account's sum of the batch's postings in one statement (and the accounts' CHECK refuses a
 * "never below zero" account going below zero). A published batch stays published.
 */
export const ledgerBatches = pgTable(
  'ledger_batches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_batches_user_idx').on(t.userId).where(sql`${t.publishedAt} IS NULL`)],
);

/**
 * A journal: one movement of money, its postings summing to zero. Never changed once posted: a
 * reversal is another journal (`reverses_id`), and the reversed one only records who reversed it.
 * An edit reverses and posts again under the same `group_id`, so what the user sees keeps its id.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    version: integer('version').notNull().default(1),
    date: date('date', { mode: 'string' }).notNull(),
    // What made it ('wallet.transaction', 'nest.deposit', 'reversal', …): for lists and audits.
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    // The bank's own words for it (issue 29: "TRADER JOE S #552 SAN FRANCISCO CA") when the
    // description is the merchant name made of them; kept for search, rules and the edit dialog.
    originalDescription: text('original_description'),
    // The bank's own category of it ("Groceries" in a CSV's category column, a QIF's L), as the bank
    // wrote it: for rules and suggestions, never a category of the user's.
    bankCategory: text('bank_category'),
    note: text('note'),
    // The bank's id of the transaction (OFX FITID), unique per account among live journals.
    externalId: text('external_id'),
    externalAccountId: uuid('external_account_id').references(() => ledgerAccounts.id),
    reversesId: uuid('reverses_id'),
    reversedById: uuid('reversed_by_id'),
    // The batch it was staged in (an import), if any: staged until the batch is published.
    batchId: uuid('batch_id').references(() => ledgerBatches.id),
    // When the user first entered what it records: a correction keeps its group's time (the lists
    // keep their order), a reversal has the time it was made.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_journals_user_idx').on(t.userId, t.date, t.createdAt, t.id),
    index('ledger_journals_group_idx').on(t.groupId),
    // The lists of live journals of a kind (My Wallet's transactions), newest first, paged by
    // (date, time entered, group id): neither a reversed journal nor a reversal.
    index('ledger_journals_live_idx')
      .on(t.userId, t.kind, t.date, t.createdAt, t.groupId)
      .where(sql`${t.reversedById} IS NULL AND ${t.reversesId} IS NULL`),
    // Search is a substring match on the description, the bank's description and the note: trigrams,
    // per user (btree_gin). journals.repository.ts's `searchable` is this very expression.
    index('ledger_journals_search_idx').using(
      'gin',
      t.userId,
      sql`(lower(${t.description} || ' ' || coalesce(${t.originalDescription}, '') || ' ' || coalesce(${t.note}, ''))) gin_trgm_ops`,
    ),
    index('ledger_journals_batch_idx').on(t.batchId).where(sql`${t.batchId} IS NOT NULL`),
    // An area's own journals newest first (the Money Nest's deposits and payments among a Wallet's
    // thousands of transactions): by user and kind.
    index('ledger_journals_kind_idx').on(t.userId, t.kind, t.date, t.createdAt, t.id),
    // A journal is reversed at most once, and by one journal.
    // Partial: the journals that neither reverse nor are reversed (nearly all) cost them nothing.
    uniqueIndex('ledger_journals_reverses_unique').on(t.reversesId).where(sql`${t.reversesId} IS NOT NULL`),
    uniqueIndex('ledger_journals_reversed_by_unique').on(t.reversedById).where(sql`${t.reversedById} IS NOT NULL`),
    uniqueIndex('ledger_journals_external_unique')
      .on(t.externalAccountId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL AND ${t.reversedById} IS NULL AND ${t.reversesId} IS NULL`),
    check('ledger_journals_version_positive', sql`${t.version} >= 1`),
    check('ledger_journals_external', sql`(${t.externalId} IS NULL) = (${t.externalAccountId} IS NULL)`),
    check('ledger_journals_not_both', sql`${t.reversesId} IS NULL OR ${t.reversedById} IS NULL`),
  ],
);

/**
 * A posting: `amount_cents` added to one account by one journal. Written only by the ledger's post().
 * Its journal and account cannot be deleted while it exists (no action: checked at the end of the
 * statement, so deleting the user still takes all three).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    // The journal's date, here too so an account's postings page by date without a join.
    date: date('date', { mode: 'string' }).notNull(),
    // The journal's batch, here too so that the balance triggers and publishing need no join.
    batchId: uuid('batch_id'),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.date, t.id),
    // The duplicate engine's neighbours: the same amount in the account within a few days, found
    // without reading every posting of those days (a busy account has hundreds a week).
    index('ledger_postings_account_amount_idx').on(t.accountId, t.amountCents, t.date),
    // With the account too: "this journal's line on that account" is one index look-up, which the planner
    // takes even without statistics (PGlite never gathers any), instead of intersecting two indexes.
    index('ledger_postings_journal_idx').on(t.journalId, t.accountId),
    index('ledger_postings_user_idx').on(t.userId),
    index('ledger_postings_batch_idx').on(t.batchId, t.accountId).where(sql`${t.batchId} IS NOT NULL`),
    check('ledger_postings_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerBatchRow = typeof ledgerBatches.$inferSelect;
export type LedgerJournalRow = typeof ledgerJournals.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;

/**
 * A bank row recognised as a journal the ledger holds already (issue 27 item 4): a paycheck in an
 * imported file that the Money Nest recorded as a deposit. The row adds no money (the deposit did);
 * it is kept here, with its bank id, so My Wallet lists it in its account and a re-import of the
 * file knows it. Unlinking posts the row as a journal of its own (`unlinked_by_id`): postings are
 * never edited. A journal is linked to at most one live row, and a row to one journal; a linked
 * journal is not reversed (the ledger's reverse() refuses it).
 */
export const ledgerLinks = pgTable(
  'ledger_links',
  {
    // The id My Wallet shows; the group id of the journal its unlinking posts.
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    // The account the bank file went into.
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    note: text('note'),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    // The bank's id of the row (OFX FITID), unique per account among live links.
    externalId: text('external_id'),
    // The import (its ledger batch) the row came in.
    batchId: uuid('batch_id'),
    unlinkedById: uuid('unlinked_by_id').references(() => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The transaction (its journal group) the row was before it was linked: the other side of a
    // transfer found in two accounts' rows (issue 29 item 5) was an ordinary transaction, reversed when
    // paired; unpairing posts that journal back under this id. Null for a row linked as it arrived.
    replacedGroupId: uuid('replaced_group_id'),
  },
  (t) => [
    index('ledger_links_account_idx').on(t.userId, t.accountId, t.date),
    uniqueIndex('ledger_links_journal_unique').on(t.journalId).where(sql`${t.unlinkedById} IS NULL`),
    uniqueIndex('ledger_links_external_unique')
      .on(t.accountId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL AND ${t.unlinkedById} IS NULL`),
    check('ledger_links_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export type LedgerLinkRow = typeof ledgerLinks.$inferSelect;

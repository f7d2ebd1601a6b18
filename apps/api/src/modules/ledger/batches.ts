import { randomUUID } from 'node:crypto';
import type { Db } from '@helo/db/client';
import { journalProblem } from '@helo/finance/ledger';
import { notFound } from '../../lib/http-error.ts';
import { deleteStaged, insertStaged, markPublished, stagedJournalIds } from './batches.repository.ts';
import { type JournalInput, LedgerRefusal } from './ledger.ts';

/**
 * Batches (decisions.md "Imports that do not stall the others", on the ledger): journals written in many
 * short transactions and made part of the ledger at once. Until its batch is published a journal is
 * *staged*: in no balance (the postings' triggers leave it out) and in no list. Publishing is one row's
 * update whose trigger adds each account's sum of the batch; discarding deletes staged journals only.
 */

/**
 * Writes journals into the batch `batchId` (made on first use; the user's, not published), as staged
 * ones, in one statement whatever their number (batches.repository.ts). A journal whose bank id is
 * already live in its account is left out (the caller checked duplicates; this keeps a late one from
 * failing the whole import). Answers how many were written. Joins the caller's transaction.
 */
export async function stage(
  db: Db,
  userId: string,
  batchId: string,
  journals: readonly JournalInput[],
): Promise<number> {
  return (await stageEach(db, userId, batchId, journals)).filter((id) => id !== null).length;
}

/**
 * stage(), answering each journal's group id (the transaction's id: a staged journal is the first of
 * its group), or null for one left out, in the order given: so that a caller can write what it keeps
 * beside a transaction (My Wallet: the tags its rules add) on the very transactions written.
 */
export async function stageEach(
  db: Db,
  userId: string,
  batchId: string,
  journals: readonly JournalInput[],
): Promise<(string | null)[]> {
  for (const journal of journals) {
    const problem = journalProblem(journal.lines);
    if (problem) throw new Error(`ledger: not a journal (${journal.kind}): ${JSON.stringify(problem)}`);
  }
  if (journals.length === 0) return [];
  const rows = journals.map((journal) => ({ id: randomUUID(), journal }));
  const result = await insertStaged(db, userId, batchId, rows);
  if (!result.batchOpen) throw new Error('ledger: journals are staged into a batch of the user before it is published');
  // An account of another user, or closed, is no place for a journal: nothing was written.
  if (result.accountsFound !== result.accountsNamed) throw notFound('Account not found');
  return rows.map(({ id }) => (result.written.has(id) ? id : null));
}

/**
 * Publishes the batch: its journals join the lists and its postings the balances, at once. 409
 * (LedgerRefusal) when that would take a "never below zero" account below zero; false when the batch
 * does not exist (nothing was staged) or was published already.
 */
export async function publish(db: Db, userId: string, batchId: string, at: Date): Promise<boolean> {
  try {
    return await markPublished(db, userId, batchId, at);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string });
    if ((cause as { code?: string }).code === '23514') {
      throw new LedgerRefusal('below_zero', 'An account of this batch cannot go below $0.00');
    }
    throw error;
  }
}

/**
 * Deletes up to `limit` staged journals of the user (those of every batch not published: under the
 * caller's one claim they are its own leftovers or those of a commit that died), and once none is left
 * the user's empty unpublished batches. Answers how many rows went, so `untilDone` can loop on it.
 */
export async function discardStaged(db: Db, userId: string, limit: number): Promise<number> {
  const ids = await stagedJournalIds(db, userId, limit);
  return deleteStaged(db, userId, ids);
}

import type { Db } from '@helo/db/client';
import type { LedgerJournalRow } from '@helo/db/schema';
import { type Line, reversalLines } from '@helo/finance/ledger';
import { notFound } from '../../lib/http-error.ts';
import { postingsOf } from './ledger.repository.ts';
import {
  bankWordsKept,
  type JournalInput,
  LedgerRefusal,
  linkedMessage,
  type Pending,
  type PostedJournal,
  write,
} from './ledger.ts';
import { firstLiveLinkOf, groupStates, lockJournals, publishedOf } from './many.repository.ts';

/**
 * correct(), reverse() and repost() for many journals at once (a bulk edit of 500 transactions, its
 * undo): the same rules, each journal's, but read, checked and written in a handful of statements
 * instead of a dozen per journal. All or nothing, in the caller's transaction; the balances are
 * checked on the net effect of the whole (one change to the user), as correct() checks its pair.
 */

/** The journals, locked; each must be reversible as reverse() requires (else nothing is written). */
async function reversibleMany(tx: Db, userId: string, ids: readonly string[]): Promise<Map<string, LedgerJournalRow>> {
  const rows = await lockJournals(tx, userId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const batches = [...new Set(rows.flatMap((r) => (r.batchId ? [r.batchId] : [])))];
  const published = await publishedOf(tx, batches);
  for (const id of ids) {
    const journal = byId.get(id);
    if (!journal || (journal.batchId && !published.has(journal.batchId))) throw notFound('Journal not found');
    if (journal.reversesId) {
      throw new LedgerRefusal('reversal_of_reversal', 'A reversal is not reversed; post the journal again');
    }
    if (journal.reversedById) throw new LedgerRefusal('already_reversed', 'This was reversed already');
  }
  const link = await firstLiveLinkOf(tx, userId, ids);
  if (link) throw new LedgerRefusal('linked', linkedMessage(link.accountName));
  return byId;
}

async function linesByJournal(tx: Db, ids: readonly string[]): Promise<Map<string, Line[]>> {
  const lines = new Map<string, Line[]>();
  for (const p of await postingsOf(tx, ids)) {
    const list = lines.get(p.journalId) ?? [];
    list.push({ accountId: p.accountId, amountCents: p.amountCents });
    lines.set(p.journalId, list);
  }
  return lines;
}

const reversalOf = (journal: LedgerJournalRow, lines: Line[], at?: Date): Pending => ({
  date: journal.date,
  kind: 'reversal',
  description: journal.description,
  lines: reversalLines(lines),
  groupId: journal.groupId,
  version: journal.version,
  reversesId: journal.id,
  ...(at ? { createdAt: at } : {}),
});

/** correct() of each journal: its reversal and its replacement; the replacements, in the order given. */
export async function correctMany(
  db: Db,
  userId: string,
  changes: readonly { journalId: string; replacement: Omit<JournalInput, 'createdAt'> }[],
  options: { at?: Date } = {},
): Promise<PostedJournal[]> {
  if (changes.length === 0) return [];
  return db.transaction(async (tx) => {
    const ids = changes.map((c) => c.journalId);
    const journals = await reversibleMany(tx, userId, ids);
    const lines = await linesByJournal(tx, ids);
    const pending = changes.flatMap(({ journalId, replacement }) => {
      const journal = journals.get(journalId);
      if (!journal) throw new Error('ledger: a journal locked is missing');
      return [
        reversalOf(journal, lines.get(journalId) ?? [], options.at),
        {
          ...replacement,
          ...bankWordsKept(journal, replacement),
          groupId: journal.groupId,
          version: journal.version + 1,
          batchId: journal.batchId,
          createdAt: journal.createdAt,
        },
      ];
    });
    const written = await write(tx, userId, pending, true);
    return written.filter((_, i) => i % 2 === 1);
  });
}

/** reverse() of each journal, dated like it; the reversals, in the order given. */
export async function reverseMany(
  db: Db,
  userId: string,
  journalIds: readonly string[],
  options: { at?: Date } = {},
): Promise<PostedJournal[]> {
  if (journalIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const journals = await reversibleMany(tx, userId, journalIds);
    const lines = await linesByJournal(tx, journalIds);
    const pending = journalIds.map((id) => {
      const journal = journals.get(id);
      if (!journal) throw new Error('ledger: a journal locked is missing');
      return reversalOf(journal, lines.get(id) ?? [], options.at);
    });
    return write(tx, userId, pending, true);
  });
}

/** repost() of each reversed journal, as it was, under its group; refused as repost() refuses one. */
export async function repostMany(db: Db, userId: string, journalIds: readonly string[]): Promise<PostedJournal[]> {
  if (journalIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const journals = new Map((await lockJournals(tx, userId, journalIds)).map((r) => [r.id, r]));
    const groups = await groupStates(
      tx,
      userId,
      [...journals.values()].map((j) => j.groupId),
    );
    const lines = await linesByJournal(tx, journalIds);
    const pending = journalIds.map((id): Pending => {
      const journal = journals.get(id);
      if (!journal || journal.reversesId || !journal.reversedById) throw notFound('Journal not found');
      const group = groups.get(journal.groupId);
      if (!group || group.live) throw new LedgerRefusal('already_reversed', 'This transaction is back already');
      // Two journals of one group are not brought back at once.
      groups.set(journal.groupId, { live: true, version: group.version + 1 });
      return {
        date: journal.date,
        kind: journal.kind,
        description: journal.description,
        originalDescription: journal.originalDescription,
        bankCategory: journal.bankCategory,
        note: journal.note,
        lines: lines.get(id) ?? [],
        externalId: journal.externalId,
        externalAccountId: journal.externalAccountId,
        groupId: journal.groupId,
        version: group.version + 1,
        batchId: journal.batchId,
        createdAt: journal.createdAt,
      };
    });
    return write(tx, userId, pending, true);
  });
}

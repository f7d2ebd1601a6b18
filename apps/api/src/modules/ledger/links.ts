import type { Db } from '@helo/db/client';
import type { LedgerLinkRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { matchRows } from '@helo/finance/matching';
import { groupRows } from './journals.repository.ts';
import { isPublished, lockJournal } from './ledger.repository.ts';
import { type JournalInput, type PostedJournal, repost, write } from './ledger.ts';
import {
  findLink,
  insertLinks,
  type LinkFilter,
  linkedGroupsSql,
  linkHeldIn,
  liveLinkCount,
  liveLinkOf,
  liveLinksLike,
  liveLinksPage,
  lockLiveLink,
  markUnlinked,
  moveLinks,
  pairedJournalIds,
  unlinkedJournals,
} from './links.repository.ts';

/**
 * Bank rows recognised as journals the ledger holds already (decisions.md, "One meaning for every
 * number"): a paycheck the Money Nest recorded and the same paycheck in a bank file are one journal.
 * A link adds no money; unlinking posts the row as a journal of its own.
 */

export type LedgerLink = LedgerLinkRow;
export {
  findLink,
  type LinkFilter,
  linkedGroupsSql,
  linkHeldIn,
  liveLinkCount,
  liveLinkOf,
  liveLinksLike,
  liveLinksPage,
  moveLinks,
  pairedJournalIds,
};

/** Days a bank row may be from the journal it is recognised as. */
export const LINK_DAYS = 3;

export interface LinkCandidate {
  id: string;
  date: string;
  description: string;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Which rows are journals of `kind` the user has already (live, not linked): money in of the same
 * amount, at most three days apart, the nearest first; each row and each journal once.
 */
export async function linkCandidates(
  db: Db,
  userId: string,
  kind: string,
  rows: readonly { date: string; amountCents: number }[],
): Promise<Map<number, LinkCandidate>> {
  const incoming = rows.flatMap((r, i) => (r.amountCents > 0 ? [{ ...r, i }] : []));
  if (incoming.length === 0) return new Map();
  const days = incoming.map((r) => r.date).sort();
  const first = shift(days[0] ?? '', -LINK_DAYS);
  const last = shift(days.at(-1) ?? '', LINK_DAYS);
  const journals = await unlinkedJournals(db, userId, kind, first, last);
  if (journals.length === 0) return new Map();
  const byId = new Map(journals.map((jr) => [jr.id, jr]));
  const matched = matchRows(incoming, journals, LINK_DAYS);
  const answer = new Map<number, LinkCandidate>();
  for (const [at, id] of matched) {
    const row = incoming[at];
    const journal = byId.get(id);
    if (row && journal) answer.set(row.i, { id, date: journal.date, description: journal.description });
  }
  return answer;
}

export interface NewLink {
  journalId: string;
  accountId: string;
  date: string;
  description: string;
  note: string | null;
  amountCents: Cents;
  externalId: string | null;
  batchId: string | null;
  createdAt: Date;
  /** The transaction the row was until now (reversed by the caller): unlinking posts it back (unlinkBack). */
  replacedGroupId?: string | null;
}

/**
 * Links each row to its journal, inside the caller's transaction: the journal locked (a reversal of
 * it waits, then finds the link and is refused), then checked still live and unlinked. Returns the
 * links written and the rows whose journal was reversed or linked meanwhile (the caller adds those).
 */
export async function link(
  tx: Db,
  userId: string,
  rows: readonly NewLink[],
): Promise<{ linked: LedgerLinkRow[]; refused: NewLink[] }> {
  const ok: NewLink[] = [];
  const refused: NewLink[] = [];
  for (const row of [...rows].sort((a, b) => a.journalId.localeCompare(b.journalId))) {
    const journal = await lockJournal(tx, userId, row.journalId);
    const live = journal && !journal.reversedById && !journal.reversesId;
    if (live && !(await liveLinkOf(tx, userId, row.journalId))) ok.push(row);
    else refused.push(row);
  }
  return {
    linked: await insertLinks(
      tx,
      ok.map((r) => ({ ...r, userId })),
    ),
    refused,
  };
}

/**
 * Unlinks the row: it is posted as `journal` (its lines the caller's) under the link's id, dated
 * and entered as the row was, with its bank id in its account. Undefined when no live link has that
 * id (a second unlink).
 */
export async function unlink(
  db: Db,
  userId: string,
  id: string,
  journalOf: (
    link: LedgerLinkRow,
  ) => Promise<Omit<JournalInput, 'date' | 'description' | 'note' | 'externalId' | 'externalAccountId' | 'createdAt'>>,
): Promise<{ link: LedgerLinkRow; posted: PostedJournal } | undefined> {
  return db.transaction(async (tx) => {
    const row = await lockLiveLink(tx, userId, id);
    if (!row) return undefined;
    const [posted] = await write(tx, userId, [
      {
        ...(await journalOf(row)),
        date: row.date,
        description: row.description,
        note: row.note,
        externalId: row.externalId,
        externalAccountId: row.accountId,
        createdAt: row.createdAt,
        groupId: row.id,
        // Its import's batch when the import staged any row (a file of linked rows only has none).
        batchId: row.batchId && (await isPublished(tx, row.batchId)) ? row.batchId : null,
      },
    ]);
    if (!posted) throw new Error('ledger: nothing was posted');
    await markUnlinked(tx, row.id, posted.id);
    return { link: row, posted };
  });
}

/**
 * Unlinks a row that was a transaction before it was linked (a found transfer's other side): that
 * transaction's last journal is posted back as it was (`repost`: its day, words, lines, bank id and
 * batch, under its id, as the next version), and the link is marked unlinked by it. Undefined when no
 * live link has that id, or the link replaced no transaction (a Nest deposit's: `unlink` is for it).
 */
export async function unlinkBack(
  db: Db,
  userId: string,
  id: string,
): Promise<{ link: LedgerLinkRow; posted: PostedJournal } | undefined> {
  return db.transaction(async (tx) => {
    const row = await lockLiveLink(tx, userId, id);
    if (!row?.replacedGroupId) return undefined;
    const last = (await groupRows(tx, userId, row.replacedGroupId)).filter((r) => r.reversedById).at(-1);
    if (!last) throw new Error('ledger: a linked row without the transaction it replaced');
    const posted = await repost(tx, userId, last.id);
    await markUnlinked(tx, row.id, posted.id);
    return { link: row, posted };
  });
}

import type { DuplicateCandidate } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import { liveLinksLike, possibleRepeats } from '../../ledger/index.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import {
  DUPLICATE_DAYS,
  type Held,
  type Incoming,
  judgeRows,
  pairKey,
  partnerOf,
  type Verdict,
} from './duplicate-engine.ts';
import { keptPairs } from './duplicates.repository.ts';

/**
 * The duplicate engine as the Wallet's writers call it (decisions.md "One duplicate engine"): a bank
 * file's import, a bank connection's sync and a hand entry read an account's neighbours here and are
 * judged by the one pure engine (duplicate-engine.ts).
 */

/** Rows judged per read of the account: one read over 100,000 rows held PGlite for seconds. */
const ROWS_PER_READ = 2_000;

export interface Judged {
  verdict: Verdict;
  /** The transaction a possible duplicate may repeat. */
  candidate: DuplicateCandidate | null;
}

/**
 * What the account holds that the rows could repeat: its live journals with the same amount on a day
 * at most 3 away, those with one of the rows' bank ids, and the bank rows linked to Money Nest deposits
 * there (recognised, never merged). Staged journals are none of them. A few thousand rows a read, each
 * a short statement, so other requests run in between.
 */
export async function heldLike(db: Db, userId: string, accountId: string, rows: readonly Incoming[]): Promise<Held[]> {
  const found = new Map<string, Held>();
  for (let at = 0; at < rows.length; at += ROWS_PER_READ) {
    const chunk = rows.slice(at, at + ROWS_PER_READ);
    const keys = chunk.map((r) => ({ date: r.date, amountCents: r.amountCents, externalId: r.bankId }));
    for (const r of await possibleRepeats(db, userId, accountId, keys, DUPLICATE_DAYS)) {
      found.set(r.groupId, {
        id: r.groupId,
        date: r.date,
        amountCents: r.amountCents,
        payee: r.description,
        // A bank row arrives in the bank's words: compared with the words it came in as too.
        bankPayee: r.originalDescription,
        bankId: r.externalId,
        batchId: r.batchId,
        mergeable: r.kind === WALLET_KIND,
      });
    }
    const days = [...new Set(chunk.map((r) => r.date))];
    const bankIds = [...new Set(chunk.flatMap((r) => (r.bankId === null ? [] : [r.bankId])))];
    for (const l of await liveLinksLike(db, userId, accountId, days, bankIds)) {
      found.set(l.id, {
        id: l.id,
        date: l.date,
        amountCents: l.amountCents,
        payee: l.description,
        bankId: l.externalId,
        // A linked row came from a file: the very row again is that row.
        batchId: l.batchId ?? l.id,
        mergeable: false,
      });
    }
  }
  return [...found.values()];
}

/** Judges rows arriving in an account (a file's, a sync's): see judgeRows. */
export async function judgeIncoming(
  db: Db,
  userId: string,
  accountId: string,
  rows: readonly Incoming[],
): Promise<Judged[]> {
  const held = await heldLike(db, userId, accountId, rows);
  const byId = new Map(held.map((h) => [h.id, h]));
  return judgeRows(rows, held).map((verdict) => {
    const h = verdict.kind === 'possible' ? byId.get(verdict.id) : undefined;
    return { verdict, candidate: h ? candidateOf(h) : null };
  });
}

/** A transaction as the list and the engine see it: its line on its account. */
export interface Listed extends Held {
  accountId: string;
}

/**
 * The possible duplicate of each of these transactions, by id (none when the user kept both, or
 * merged them): what My Wallet's list and a hand entry's answer show.
 */
export async function flagsFor(
  db: Db,
  userId: string,
  listed: readonly Listed[],
): Promise<Map<string, DuplicateCandidate>> {
  const byAccount = new Map<string, Listed[]>();
  for (const t of listed) {
    const same = byAccount.get(t.accountId);
    if (same) same.push(t);
    else byAccount.set(t.accountId, [t]);
  }
  const neighbours = new Map<string, Held[]>();
  for (const [accountId, list] of byAccount) {
    const held = await heldLike(
      db,
      userId,
      accountId,
      list.map((t) => ({ ...t, bankId: null })),
    );
    neighbours.set(
      accountId,
      held.filter((h) => h.mergeable !== false),
    );
  }
  const ids = [...neighbours.values()].flat().map((h) => h.id);
  const kept = new Set((await keptPairs(db, userId, ids)).map((p) => pairKey(p.firstId, p.secondId)));
  const flags = new Map<string, DuplicateCandidate>();
  for (const t of listed) {
    const partner = partnerOf(t, neighbours.get(t.accountId) ?? [], (a, b) => kept.has(pairKey(a, b)));
    if (partner) flags.set(t.id, candidateOf(partner));
  }
  return flags;
}

const candidateOf = (h: Held): DuplicateCandidate => ({
  id: h.id,
  date: h.date,
  payee: h.payee,
  amount: centsToDollars(h.amountCents as Cents),
});

/** A bank file's rows judged (their FITIDs are their bank ids): see judgeIncoming. */
export const judgeFileRows = (
  db: Db,
  userId: string,
  accountId: string,
  rows: readonly { date: string; amountCents: number; payee: string; fitid: string | null }[],
): Promise<Judged[]> =>
  judgeIncoming(
    db,
    userId,
    accountId,
    rows.map((r) => ({ date: r.date, amountCents: r.amountCents, payee: r.payee, bankId: r.fitid })),
  );

import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import { findTransfers, TRANSFER_DAYS } from '@helo/finance/transfer-match';
import { isOwnAccount, isOwnKind } from '../../accounts/index.ts';
import {
  accountsOf,
  correct,
  type LedgerAccount,
  link,
  liveJournal,
  opposingRows,
  type PostedJournal,
  reverse,
} from '../../ledger/index.ts';
import { WALLET_KIND } from '../wallet.repository.ts';

/**
 * Transfers found in the user's transactions (issue 29 item 5; decisions.md "Transfers found in two
 * accounts' rows"): money out of one of the user's accounts and the same money into another within
 * three days is one movement. The pair becomes ONE transfer journal (the shape of
 * `/v1/wallet/transfers`: the money-out row's journal corrected, its line kept, its other line moved
 * from spending to the other account) and the money-in row is kept as a link to that journal
 * (`ledger_links`, as a paycheck linked to its Nest deposit): it adds no money, keeps its bank id (a
 * re-import knows it) and remembers the transaction it was, so unpairing puts both back.
 * The caller holds the Money Nest's row (every Wallet write takes it first).
 */

/** Fresh rows: an import's (its batch), or a few transactions by id (a hand entry). */
export interface FreshRows {
  batchId?: string | undefined;
  groupIds?: readonly string[] | undefined;
}

export interface FoundTransfer {
  transfer: PostedJournal;
  outId: string;
  inId: string;
}

/** Pairs fresh rows with the user's transactions in their other accounts; answers the transfers found. */
export async function pairFoundTransfers(
  tx: Db,
  userId: string,
  fresh: FreshRows,
  now: Date,
): Promise<FoundTransfer[]> {
  const own = (await accountsOf(tx, userId)).filter(isOwnAccount).map((a) => a.id);
  const rows = await opposingRows(tx, userId, WALLET_KIND, own, fresh, TRANSFER_DAYS);
  if (rows.length === 0) return [];
  const pairs = findTransfers(
    rows.map((r) => ({ id: r.groupId, accountId: r.accountId, date: r.date, amountCents: r.amountCents })),
    { fresh: new Set(rows.filter((r) => r.fresh).map((r) => r.groupId)) },
  );
  const found: FoundTransfer[] = [];
  for (const pair of pairs) {
    const out = await liveJournal(tx, userId, WALLET_KIND, pair.outId, { lock: true });
    const into = await liveJournal(tx, userId, WALLET_KIND, pair.inId, { lock: true });
    const transfer = out && into ? await pairJournals(tx, userId, out, into, now) : undefined;
    if (transfer) found.push({ transfer, ...pair });
  }
  return found;
}

/** The journal's one line on the user's own accounts, when it is an ordinary transaction (not a transfer). */
export function ordinaryLine(journal: PostedJournal, accounts: ReadonlyMap<string, LedgerAccount>) {
  const own = journal.lines.filter((l) => isOwnKind(accounts.get(l.accountId)?.kind));
  return journal.lines.length === 2 && own.length === 1 ? own[0] : undefined;
}

/**
 * Makes the two live, locked transactions one transfer: `out` (money out) corrected into the transfer
 * journal, `into` reversed and kept as a link to it. Undefined when they are not (any more) two
 * ordinary transactions of opposite amounts in two accounts.
 */
export async function pairJournals(
  tx: Db,
  userId: string,
  out: PostedJournal,
  into: PostedJournal,
  now: Date,
): Promise<PostedJournal | undefined> {
  const accounts = new Map(
    (
      await accountsOf(
        tx,
        userId,
        [...out.lines, ...into.lines].map((l) => l.accountId),
      )
    ).map((a) => [a.id, a]),
  );
  const from = ordinaryLine(out, accounts);
  const to = ordinaryLine(into, accounts);
  if (!from || !to || from.accountId === to.accountId) return undefined;
  if (from.amountCents >= 0 || from.amountCents !== -to.amountCents) return undefined;
  const transfer = await correct(
    tx,
    userId,
    out.id,
    {
      date: out.date,
      kind: WALLET_KIND,
      description: out.description,
      note: out.note,
      lines: [from, { accountId: to.accountId, amountCents: to.amountCents }],
      externalId: out.externalId,
      externalAccountId: out.externalAccountId,
    },
    { at: now },
  );
  await keepAsLink(
    tx,
    userId,
    into,
    { journalId: transfer.id, accountId: to.accountId, amountCents: to.amountCents },
    now,
  );
  return transfer;
}

/**
 * A bank row found to be another journal's (the other side of a transfer, a loan's payment): its own
 * journal reversed and the row kept as a link to that journal, with the bank's own words (what a
 * re-import of the file says, not the merchant name shown), its bank id and the transaction it was
 * (`replacedGroupId`: unpairing puts it back). Under the Nest's row and the journal's lock nothing
 * links it meanwhile: a refusal is a bug.
 */
export async function keepAsLink(
  tx: Db,
  userId: string,
  row: PostedJournal,
  to: { journalId: string; accountId: string; amountCents: number },
  now: Date,
): Promise<void> {
  await reverse(tx, userId, row.id, { at: now });
  const { linked } = await link(tx, userId, [
    {
      journalId: to.journalId,
      accountId: to.accountId,
      date: row.date,
      description: row.originalDescription ?? row.description,
      note: row.note,
      amountCents: to.amountCents as Cents,
      externalId: row.externalId,
      batchId: row.batchId,
      createdAt: row.createdAt,
      replacedGroupId: row.groupId,
    },
  ]);
  if (linked.length !== 1) throw new Error('wallet: a bank row found to be another journal could not be kept');
}

import { randomUUID } from 'node:crypto';
import { PAYEE_MAX, TRANSACTION_NOTE_MAX } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { BankConnectionAccountRow, BankConnectionRow } from '@helo/db/schema';
import { addDays } from '@helo/finance/calendar';
import type { Cents } from '@helo/finance/cents';
import { matchRows } from '@helo/finance/matching';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { isOwnAccount } from '../accounts/index.ts';
import {
  bankIdsIn,
  countLive,
  isEmpty,
  type LedgerAccount,
  link,
  linkCandidates,
  liveJournal,
  liveLinksLike,
  lockOwnAccount,
  type NewLink,
  postMany,
  publish,
  reverse,
} from '../ledger/index.ts';
import { isNestWallet, lockNestAccount, NEST_DEPOSIT_KIND } from '../nest/index.ts';
import { matchFreshTransactions } from '../recurring/index.ts';
import {
  type BankRow,
  bankRowJournals,
  connectionBankId,
  depositThroughNest,
  findMoves,
  type NestDeposits,
  RuleTags,
  stageBankJournals,
  userRules,
  WALLET_KIND,
  type WalletLimits,
} from '../wallet/index.ts';
import * as repo from './bank-connections.repository.ts';
import type { ProviderAccount } from './providers/provider.ts';

/** Posts an empty account's opening balance inside the sync's transaction (AccountsService.openFromBank). */
export type OpenFromBank = (tx: Db, account: LedgerAccount, cents: Cents, date: string) => Promise<void>;

/** A pending transaction and its posted copy are at most this many days apart. */
export const PENDING_DAYS = 5;
/** What marks a pending transaction in My Wallet until the bank posts it. */
export const PENDING_NOTE = 'Pending at the bank';

/**
 * One bank account's transactions into its Helo account, in one transaction (decisions.md "Bank
 * connections"): under the Nest's row (as every Wallet write), the connection's row (a second sync
 * waits, then finds everything there) and the account's. A bank id the account holds is the same
 * transaction and is left out; a posted transaction that matches a pending one (the same bank id, or
 * the same amount within 5 days) reverses it; the new posted ones are staged as one ledger batch and
 * published, the pending ones posted and remembered.
 */
export async function syncAccount(
  db: Db,
  clock: Clock,
  limits: WalletLimits,
  connection: BankConnectionRow,
  bank: BankConnectionAccountRow,
  fromBank: ProviderAccount,
  open: OpenFromBank,
  nest?: NestDeposits,
): Promise<{ added: number; replaced: number; linked: number }> {
  const { userId } = connection;
  const now = clock.now();
  const ids = new Set<string>();
  // A bank id given twice in one answer is one transaction; a $0 one moves nothing.
  const rows = fromBank.transactions
    .filter((t) => t.amountCents !== 0 && !ids.has(t.id) && ids.add(t.id))
    .map((t) => ({
      pending: t.pending,
      row: {
        date: productToday(t.at ?? now),
        payee: t.payee.slice(0, PAYEE_MAX) || 'Bank transaction',
        note: noteOf(t.memo, t.pending),
        amountCents: t.amountCents,
        // Namespaced: the bank's files name the same transaction by another id (duplicate-engine.ts).
        externalId: connectionBankId(connection.provider, t.id),
      } satisfies BankRow,
    }));
  return db.transaction(async (tx) => {
    if (!(await lockNestAccount(tx, userId))) return { added: 0, replaced: 0, linked: 0 };
    // Disconnected meanwhile: nothing more of it.
    if (!(await repo.findConnection(tx, userId, connection.id, true)) || !bank.accountId)
      return { added: 0, replaced: 0, linked: 0 };
    const account = await lockOwnAccount(tx, userId, bank.accountId);
    if (!account || !isOwnAccount(account)) {
      throw conflict(`The account ${bank.name} synced into was deleted: choose another in the connection's accounts.`);
    }
    // The first sync into an account that holds nothing: it opens at the bank's balance (below).
    const opening = bank.lastSyncedAt === null && !isNestWallet(account) && (await isEmpty(tx, account.id));
    const bankIds = rows.map((r) => r.row.externalId);
    const held = await bankIdsIn(tx, userId, account.id, bankIds);
    // A paycheck linked to its Money Nest deposit on an earlier sync is in the account too.
    for (const l of await liveLinksLike(tx, userId, account.id, [], bankIds)) if (l.externalId) held.add(l.externalId);
    // Pending ones the bank still lists as pending stay; the others may have posted.
    const stillPending = new Set(rows.filter((r) => r.pending).map((r) => r.row.externalId));
    const waiting = (await repo.pendingOf(tx, userId, bank.id)).filter((p) => !stillPending.has(p.externalId));
    const byId = new Map(waiting.map((p) => [p.externalId, p]));
    // A posted copy under the pending one's own id is new too: the pending journal goes first.
    const fresh = rows.filter((r) => !held.has(r.row.externalId) || (!r.pending && byId.has(r.row.externalId)));
    const postedRows = fresh.filter((r) => !r.pending).map((r) => r.row);
    // A paycheck the Money Nest recorded is linked to its deposit, not added: it counts once (as a file's).
    const deposits = await linkCandidates(tx, userId, NEST_DEPOSIT_KIND, postedRows);
    const posted = postedRows.filter((_, i) => !deposits.has(i));
    const pending = fresh.filter((r) => r.pending).map((r) => r.row);
    const sameId = posted.flatMap((r) => {
      const p = byId.get(r.externalId);
      return p ? [p] : [];
    });
    const rest = waiting.filter((p) => !sameId.includes(p));
    const matched = matchRows(
      posted.filter((r) => !byId.has(r.externalId)),
      rest.map((p) => ({ id: p.id, date: p.date, amountCents: p.amountCents })),
      PENDING_DAYS,
    );
    const done = [...sameId, ...rest.filter((p) => [...matched.values()].includes(p.id))];
    for (const p of done) {
      // The user may have edited it (a correction under the same group) or deleted it already.
      const live = await liveJournal(tx, userId, WALLET_KIND, p.groupId, { lock: true });
      if (live) await reverse(tx, userId, live.id, { at: now });
    }
    await repo.deletePending(
      tx,
      userId,
      done.map((p) => p.id),
    );

    const total = (await countLive(tx, userId, WALLET_KIND)) + posted.length + pending.length;
    if (total > limits.maxTransactions) {
      throw conflict(
        `My Wallet holds at most ${limits.maxTransactions.toLocaleString('en-US')} transactions: this sync would add ${(posted.length + pending.length).toLocaleString('en-US')}. Delete some, then sync again.`,
      );
    }
    const journal = await bankRowJournals(
      tx,
      userId,
      fresh.map((r) => ({ ...r.row, accountId: account.id })),
      now,
      await userRules(tx, userId),
    );
    const builtOf = (r: BankRow) => journal(r, account.id);
    // The tags the rules add, written once the journals are in (bank-journals.ts RuleTags).
    const ruleTags = new RuleTags();
    const batchId = randomUUID();
    const links: NewLink[] = [...deposits].flatMap(([i, deposit]) => {
      const r = postedRows[i];
      return r
        ? [
            {
              journalId: deposit.id,
              accountId: account.id,
              date: r.date,
              description: r.payee,
              note: r.note,
              amountCents: r.amountCents as Cents,
              externalId: r.externalId,
              batchId,
              createdAt: now,
            },
          ]
        : [];
    });
    // Under the Nest's lock nothing reverses a deposit meanwhile; one refused all the same is added.
    const { linked, refused } = await link(tx, userId, links);
    const unlinked = postedRows.filter((r) => refused.some((l) => l.externalId === r.externalId));
    const added = await stageBankJournals(tx, userId, batchId, [...posted, ...unlinked].map(builtOf), ruleTags);
    if (posted.length + unlinked.length > 0) {
      await publish(tx, userId, batchId, now);
      // Money moved between two of the user's accounts (this one's rows and another's), or to a loan.
      await findMoves(tx, userId, { batchId }, now);
      // Bills and paychecks of the recurring series, matched to their due dates.
      const matched = await matchFreshTransactions(tx, userId, { batchId }, now);
      // Paychecks the user sends through the Money Nest: the Nest records and splits them.
      await depositThroughNest(tx, userId, nest, matched, now);
    }
    const pendingBuilt = pending.map(builtOf);
    const written = await postMany(
      tx,
      userId,
      pendingBuilt.map((b) => b.journal),
    );
    ruleTags.note(
      written.map((j) => j.groupId),
      pendingBuilt,
    );
    await ruleTags.write(tx, userId, now);
    await repo.insertPending(
      tx,
      userId,
      written.map((j, i) => ({
        connectionAccountId: bank.id,
        groupId: j.groupId,
        externalId: pending[i]?.externalId ?? '',
        amountCents: (pending[i]?.amountCents ?? 0) as Cents,
        date: j.date,
      })),
      now,
    );
    if (opening && fromBank.balanceCents !== null) {
      // What the bank holds less what this sync brought (a linked paycheck brought nothing), the day
      // before the first of it: from then on the account's balance is the bank's.
      const arrived = [...posted, ...unlinked, ...pending];
      const brought = arrived.reduce((sum, r) => sum + r.amountCents, 0);
      const first = arrived.map((r) => r.date).sort()[0];
      const day = first ? addDays(first, -1) : productToday(fromBank.balanceDate ?? now);
      await open(tx, account, (fromBank.balanceCents - brought) as Cents, day);
    }
    await repo.markAccountSynced(tx, userId, bank.id, now);
    return { added: added + written.length, replaced: done.length, linked: linked.length };
  });
}

function noteOf(memo: string | null, pending: boolean): string | null {
  const note = pending ? (memo ? `${PENDING_NOTE}. ${memo}` : PENDING_NOTE) : memo;
  return note ? note.slice(0, TRANSACTION_NOTE_MAX) : null;
}

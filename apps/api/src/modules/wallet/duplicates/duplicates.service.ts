import type { WalletTransaction } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import type { Clock } from '../../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { isOwnKind } from '../../accounts/index.ts';
import {
  accountsOf,
  correct,
  type LedgerAccount,
  liveJournal,
  type PostedJournal,
  repost,
  reverse,
} from '../../ledger/index.ts';
import { lockNestAccount } from '../../nest/index.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import { NO_TRANSACTION, transactionView } from '../wallet.service.ts';
import { insertPair, lockLiveMergeOf, lockLivePair, markUndone } from './duplicates.repository.ts';

export const NOT_MERGED = 'This transaction is not merged with another';
export const CHANGED_SINCE_MERGE =
  'The transaction kept was changed after the merge: undo that change first, or keep it as it is';

/**
 * Two transactions flagged as one (decisions.md "One duplicate engine"): merged into one, kept both
 * (remembered), a merge undone. Money moves only through the ledger: a merge reverses the one folded
 * and corrects the one kept; undoing it reverses the correction and posts both journals again as they
 * were, under their ids. Each is one transaction under the Money Nest's row, as every Wallet write.
 */
export class WalletDuplicatesService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Folds `id` into `into`: one transaction stays (`into`, under its id and payee). From an imported
   * one it takes its bank id and date, from one entered by hand its category and note; both imported,
   * the one kept stays as it is but for a bank id only the other had.
   */
  merge(userId: string, id: string, into: string): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      const { one: folded, other: kept, accounts } = await this.#lockPair(tx, userId, id, into, 'into');
      const foldedLine = ownLine(folded, accounts);
      const keptLine = ownLine(kept, accounts);
      if (
        !foldedLine ||
        !keptLine ||
        folded.lines.length !== 2 ||
        kept.lines.length !== 2 ||
        isTransfer(folded, accounts) ||
        isTransfer(kept, accounts)
      ) {
        throw invalidField('into', 'Only two transactions of money in or out can be merged, not transfers');
      }
      if (foldedLine.accountId !== keptLine.accountId || foldedLine.amountCents !== keptLine.amountCents) {
        throw invalidField('into', 'Choose a transaction of the same account and amount');
      }
      const bank = [kept, folded].find((j) => j.externalId) ?? [kept, folded].find((j) => j.batchId) ?? kept;
      const hand = [kept, folded].find((j) => j !== bank && j.batchId === null && !j.externalId) ?? kept;
      const handOther = hand.lines.find((l) => l !== ownLine(hand, accounts));
      if (!handOther) throw new Error('a transaction without its other line');
      const replacement = {
        date: bank.date,
        kind: WALLET_KIND,
        description: kept.description,
        originalDescription: kept.originalDescription ?? bank.originalDescription,
        note: hand.note ?? bank.note,
        lines: [keptLine, { accountId: handOther.accountId, amountCents: -keptLine.amountCents as Cents }],
        externalId: bank.externalId,
        externalAccountId: bank.externalId ? bank.externalAccountId : null,
      };
      // The one folded goes first: its bank id, when it moves to the one kept, must be free.
      await reverse(tx, userId, folded.id, { at: now });
      const changed =
        replacement.date !== kept.date ||
        replacement.note !== kept.note ||
        replacement.originalDescription !== kept.originalDescription ||
        replacement.externalId !== kept.externalId ||
        !kept.lines.some((l) => l.accountId === handOther.accountId);
      const after = changed ? await correct(tx, userId, kept.id, replacement, { at: now }) : kept;
      const decided = await lockLivePair(tx, userId, folded.groupId, kept.groupId);
      if (decided) await markUndone(tx, userId, decided.id, now);
      await insertPair(
        tx,
        userId,
        folded.groupId,
        kept.groupId,
        {
          decision: 'merged',
          intoId: kept.groupId,
          beforeJournalId: kept.id,
          afterJournalId: after.id,
          foldedJournalId: folded.id,
        },
        now,
      );
      return transactionView(after, await accountsById(tx, userId, after));
    });
  }

  /** Keeps both of a flagged pair: the flag is not shown again for these two. */
  keep(userId: string, id: string, other: string): Promise<void> {
    return this.#db.transaction(async (tx) => {
      const { one, other: two } = await this.#lockPair(tx, userId, id, other, 'with');
      if (await lockLivePair(tx, userId, one.groupId, two.groupId)) return;
      await insertPair(tx, userId, one.groupId, two.groupId, { decision: 'kept' }, this.#clock.now());
    });
  }

  /**
   * Undoes the newest merge the transaction (either of the two) was in: both come back as they were,
   * under their ids. A 409 when the one kept was changed since (its edit would be lost).
   */
  unmerge(userId: string, id: string): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
      const merge = await lockLiveMergeOf(tx, userId, id);
      if (!merge?.intoId || !merge.afterJournalId || !merge.beforeJournalId || !merge.foldedJournalId) {
        if (await liveJournal(tx, userId, WALLET_KIND, id)) throw conflict(NOT_MERGED);
        throw notFound(NO_TRANSACTION);
      }
      const kept = await liveJournal(tx, userId, WALLET_KIND, merge.intoId, { lock: true });
      if (!kept || kept.id !== merge.afterJournalId) throw conflict(CHANGED_SINCE_MERGE);
      if (merge.afterJournalId !== merge.beforeJournalId) {
        await reverse(tx, userId, kept.id, { at: now });
        await repost(tx, userId, merge.beforeJournalId);
      }
      const restored = await repost(tx, userId, merge.foldedJournalId);
      await markUndone(tx, userId, merge.id, now);
      return transactionView(restored, await accountsById(tx, userId, restored));
    });
  }

  /**
   * The two live transactions, locked in the order of their ids (two merges of one pair never
   * deadlock), under the Nest's row. The path's id not the user's is a 404; the body's a 400 at `field`.
   */
  async #lockPair(
    tx: Db,
    userId: string,
    id: string,
    otherId: string,
    field: 'into' | 'with',
  ): Promise<{ one: PostedJournal; other: PostedJournal; accounts: Map<string, LedgerAccount> }> {
    if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
    if (!(await liveJournal(tx, userId, WALLET_KIND, id))) throw notFound(NO_TRANSACTION);
    if (otherId === id) throw invalidField(field, 'Choose another transaction than this one');
    const otherLive = isUuid(otherId) ? await liveJournal(tx, userId, WALLET_KIND, otherId) : undefined;
    if (!otherLive) throw invalidField(field, 'Choose one of your transactions');
    const [first, second] = id < otherId ? [id, otherId] : [otherId, id];
    const locked = new Map<string, PostedJournal>();
    for (const groupId of [first, second]) {
      const live = await liveJournal(tx, userId, WALLET_KIND, groupId, { lock: true });
      if (live) locked.set(groupId, live);
    }
    const one = locked.get(id);
    const other = locked.get(otherId);
    if (!one) throw notFound(NO_TRANSACTION);
    if (!other) throw invalidField(field, 'Choose one of your transactions');
    const accounts = new Map(
      (
        await accountsOf(
          tx,
          userId,
          [...one.lines, ...other.lines].map((l) => l.accountId),
        )
      ).map((a) => [a.id, a]),
    );
    return { one, other, accounts };
  }
}

async function accountsById(db: Db, userId: string, journal: PostedJournal): Promise<Map<string, LedgerAccount>> {
  const accounts = await accountsOf(
    db,
    userId,
    journal.lines.map((l) => l.accountId),
  );
  return new Map(accounts.map((a) => [a.id, a]));
}

const ownLine = (journal: PostedJournal, accounts: ReadonlyMap<string, LedgerAccount>) =>
  journal.lines.find((l) => isOwnKind(accounts.get(l.accountId)?.kind));

const isTransfer = (journal: PostedJournal, accounts: ReadonlyMap<string, LedgerAccount>) =>
  journal.lines.every((l) => isOwnKind(accounts.get(l.accountId)?.kind));

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '@helo/db/client';
import { dayLabel } from '@helo/finance/calendar';
import { formatCents } from '@helo/finance/format';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import {
  bankIdsIn,
  correct,
  countLiveOn,
  linkHeldIn,
  liveJournalsOn,
  liveLinkCount,
  moveLinks,
} from '../ledger/index.ts';
import { lockNestAccount } from '../nest/index.ts';

/** Transactions moved per short transaction: a long one would hold the user's other writes (and PGlite, everyone's). */
const MOVE_CHUNK = 100;
/** The opening balance is the account's own: it is reversed with the account, never moved. */
const OPENING_KIND = 'account.opening';

/**
 * How many transactions the account holds: every live journal on it but its opening balance, and its
 * bank rows linked to Money Nest deposits.
 */
export async function movableCount(db: Db, userId: string, accountId: string): Promise<number> {
  return (await countLiveOn(db, userId, accountId, OPENING_KIND)) + (await liveLinkCount(db, userId, accountId));
}

/**
 * Moves every transaction of `from` to `to`, each by a correction of its journal (its line on `from`
 * goes to `to`; its id, version history and bank id go with it), in short transactions under the Nest's
 * row. A bank id `to` already holds is the same bank transaction twice: a 409 naming it (those moved
 * before stay moved; the user deletes the repeat and tries again).
 */
export async function moveJournals(db: Db, userId: string, from: string, to: string, clock: Clock): Promise<void> {
  // Before anything moves: a linked bank row both accounts hold would be one row twice.
  await refuseLinkHeldIn(db, userId, from, to);
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      await lockNestAccount(tx, userId);
      const journals = await liveJournalsOn(tx, userId, from, { exceptKind: OPENING_KIND, limit: MOVE_CHUNK });
      const held = await bankIdsIn(
        tx,
        userId,
        to,
        journals.flatMap((j) => (j.externalId ? [j.externalId] : [])),
      );
      const twice = journals.find((j) => j.externalId !== null && held.has(j.externalId));
      if (twice) {
        const amount = twice.lines.find((l) => l.accountId === from)?.amountCents ?? 0;
        throw conflict(
          `${twice.description} of ${formatCents(amount)} on ${dayLabel(twice.date)} is in both accounts (the same bank id): delete one of them, then delete the account again.`,
        );
      }
      const at = clock.now();
      for (const journal of journals) {
        if (journal.lines.some((l) => l.accountId === to)) {
          throw conflict(`${journal.description} moves money between these two accounts: delete it first.`);
        }
        await correct(
          tx,
          userId,
          journal.id,
          {
            date: journal.date,
            kind: journal.kind,
            description: journal.description,
            note: journal.note,
            externalId: journal.externalId,
            // A bank id goes with its line to `to`; a loan payment's due date stays the loan's.
            externalAccountId: journal.externalAccountId === from ? to : journal.externalAccountId,
            lines: journal.lines.map((l) => (l.accountId === from ? { ...l, accountId: to } : l)),
          },
          { at },
        );
      }
      return journals.length;
    });
    if (moved < MOVE_CHUNK) break;
    await nextTurn();
  }
  // Bank rows linked to Nest deposits go too (they move no money: nothing is posted).
  await db.transaction(async (tx) => {
    await lockNestAccount(tx, userId);
    await refuseLinkHeldIn(tx, userId, from, to);
    await moveLinks(tx, userId, from, to);
  });
}

async function refuseLinkHeldIn(db: Db, userId: string, from: string, to: string): Promise<void> {
  const held = await linkHeldIn(db, userId, from, to);
  if (held) {
    throw conflict(
      `${held.description} of ${formatCents(held.amountCents)} on ${dayLabel(held.date)} is in both accounts (the same bank id): delete one of them, then delete the account again.`,
    );
  }
}

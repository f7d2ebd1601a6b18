import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import type { MailMessage } from '../../../mail/templates.ts';
import { isOwnAccount } from '../../accounts/index.ts';
import { accountsOf, liveJournal, type PostedJournal } from '../../ledger/index.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import { keepAsLink, ordinaryLine } from './found-transfers.ts';

/** The Money Nest's deposit in the caller's transaction (`NestService.depositIn`), passed in where the app is assembled. */
export interface NestDeposits {
  depositIn(
    tx: Db,
    userId: string,
    input: { date: string; amountCents: Cents; source: string },
    now: Date,
    mails: MailMessage[],
  ): Promise<PostedJournal>;
}

/**
 * A paycheck of a recurring income the user sends through the Money Nest (issue 30 item 3), arrived in
 * fresh bank rows (an import, a sync, a hand entry) and matched to its series: the Nest records it as
 * a deposit split by its rules, and the row is kept as a link to that deposit (as a paycheck found
 * beside a deposit recorded by hand is), so the money is counted once, where the Nest put it. Run in
 * the caller's transaction, under the Nest's row, after the rows are matched to their series.
 * Answers the rows that went through the Nest, each with its deposit. The milestone mail the deposit may queue goes out with the
 * outbox's next run.
 */
export async function depositThroughNest(
  tx: Db,
  userId: string,
  nest: NestDeposits | undefined,
  matched: readonly { groupId: string; throughNest: boolean }[],
  now: Date,
): Promise<{ groupId: string; deposit: PostedJournal }[]> {
  const paydays = matched.filter((m) => m.throughNest);
  if (!nest || paydays.length === 0) return [];
  const byId = new Map((await accountsOf(tx, userId)).filter(isOwnAccount).map((a) => [a.id, a]));
  const mails: MailMessage[] = [];
  const deposited: { groupId: string; deposit: PostedJournal }[] = [];
  for (const m of paydays) {
    const row = await liveJournal(tx, userId, WALLET_KIND, m.groupId, { lock: true });
    const line = row ? ordinaryLine(row, byId) : undefined;
    if (!row || !line || line.amountCents <= 0) continue;
    const deposit = await nest.depositIn(
      tx,
      userId,
      { date: row.date, amountCents: line.amountCents as Cents, source: row.description },
      now,
      mails,
    );
    await keepAsLink(
      tx,
      userId,
      row,
      { journalId: deposit.id, accountId: line.accountId, amountCents: line.amountCents },
      now,
    );
    deposited.push({ groupId: row.groupId, deposit });
  }
  return deposited;
}

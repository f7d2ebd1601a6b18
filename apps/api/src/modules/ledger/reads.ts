import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import type { AccountKind } from '@helo/finance/ledger';
import type { LedgerAccount } from './accounts.ts';
import {
  balanceOnRow,
  dailyBalanceRows,
  findAccountsOfKinds,
  findSubjectAccount,
  nextPostingDay,
  renameAccountRow,
} from './ledger-reads.repository.ts';

export {
  type AccountJournalRow,
  accountJournals,
  accountsPostedBy,
  findJournalRows as journalsByIds,
  findLiveExternal,
  type LineFilter,
  type LinePageCursor,
  type LineRow,
  latestJournalsOfKinds as latestJournals,
  linesOfJournals as linesOf,
  linesPage,
  liveJournalsOfKind,
  liveLinesSum,
  type PageCursor,
  type PagedLineRow,
} from './ledger-reads.repository.ts';

/** The account of a subject (a goal, a loan), if it was ever made; reads only (a read-only transaction may ask). */
export function subjectAccount(
  db: Db,
  userId: string,
  kind: AccountKind,
  subjectId: string,
): Promise<LedgerAccount | undefined> {
  return findSubjectAccount(db, userId, kind, subjectId);
}

/** The user's accounts of these kinds, oldest first. */
export function accountsOfKinds(db: Db, userId: string, kinds: readonly AccountKind[]): Promise<LedgerAccount[]> {
  return findAccountsOfKinds(db, userId, kinds);
}

/** The balances of the user's accounts of a kind, by their subject (a loan's id → what its account holds). */
export async function balancesBySubject(db: Db, userId: string, kind: AccountKind): Promise<Map<string, Cents>> {
  const accounts = await findAccountsOfKinds(db, userId, [kind]);
  return new Map(accounts.flatMap((a) => (a.subjectId ? [[a.subjectId, a.balanceCents] as const] : [])));
}

/** Renames an account: its money is the ledger's, its name the area's (a goal renamed renames its account). */
export function renameAccount(db: Db, userId: string, accountId: string, name: string): Promise<void> {
  return renameAccountRow(db, userId, accountId, name);
}

/** Each account's balance at the end of every day it moved, oldest first (an investment's history). */
export async function dailyBalances(
  db: Db,
  userId: string,
  accountIds: readonly string[],
): Promise<Map<string, { date: string; balanceCents: Cents }[]>> {
  const byAccount = new Map<string, { date: string; balanceCents: Cents }[]>();
  for (const row of await dailyBalanceRows(db, userId, accountIds)) {
    const points = byAccount.get(row.accountId) ?? [];
    points.push({ date: row.date, balanceCents: row.balanceCents as Cents });
    byAccount.set(row.accountId, points);
  }
  return byAccount;
}

/** What the account held at the end of `day`, and the next day after it that it moved, if any. */
export async function balanceOn(
  db: Db,
  accountId: string,
  day: string,
): Promise<{ balanceCents: Cents; nextDay: string | undefined }> {
  return {
    balanceCents: (await balanceOnRow(db, accountId, day)) as Cents,
    nextDay: await nextPostingDay(db, accountId, day),
  };
}

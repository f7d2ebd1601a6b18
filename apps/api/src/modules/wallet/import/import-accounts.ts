import { createHash } from 'node:crypto';
import type { WalletImportFileAccount } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { HttpError, invalidField } from '../../../lib/http-error.ts';
import { ownAccountOrFieldError } from '../../accounts/index.ts';
import type { LedgerAccount } from '../../ledger/index.ts';
import { type Judged, judgeFileRows } from '../duplicates/duplicates.ts';
import { accountMatches, rememberAccountMatches } from './import-accounts.repository.ts';
import type { ImportRow, ReadFile } from './import-preview.ts';
import type { FileAccount } from './statement-import.ts';

/**
 * Statement files of several accounts (decisions.md "Statement files of several accounts"): each of
 * the file's accounts goes into a Helo account of its own: the one the user picks, else the one used
 * before for the same bank and account number. A file of one account goes where the import's
 * `account_id` says, as it always did.
 */

export interface SentAccount {
  key: string;
  account_id: string;
}

export const CHOOSE_EVERY_ACCOUNT = "Choose a Helo account for each of the file's accounts";

/** The accounts of the file that have rows: more than one makes it a file of several accounts. */
export const accountsWithRows = (read: ReadFile): FileAccount[] => read.accounts.filter((a) => a.count > 0);

/** sha256 of the bank id and account number: what a match is remembered by (null without a number). */
export function fileAccountHash(account: FileAccount): string | null {
  if (!account.accountId) return null;
  return createHash('sha256')
    .update(JSON.stringify([account.bankId ?? '', account.accountId]))
    .digest('hex');
}

/** "…1234": enough of the number for a person to know the account. */
export function maskedAccount(accountId: string | null): string | null {
  if (!accountId) return null;
  const tail = accountId.replaceAll(/\s+/g, '').slice(-4);
  return accountId.length > 4 ? `…${tail}` : tail;
}

export interface Targets {
  /** The preview's list: empty for a file of one account. */
  accounts: WalletImportFileAccount[];
  /** The account a row goes into; null while the user has not chosen one for its file account. */
  accountOf: (row: ImportRow) => LedgerAccount | null;
  /** Every account rows go into, for locking (in id order) and checking at commit. */
  used: LedgerAccount[];
  /** What to remember once committed. */
  matches: { fileAccount: string; accountId: string }[];
}

/**
 * Where the rows go. For a file of several accounts: each file account's pick from `sent` (unknown
 * keys and accounts not the user's are a 400 at `accounts.N…`), else its remembered match (when that
 * account is still an account of the user's to import into). With `required` (the commit), a file
 * account left without one is a 400 at `accounts`.
 */
export async function importTargets(
  db: Db,
  userId: string,
  read: ReadFile,
  importAccount: LedgerAccount,
  sent: SentAccount[] | undefined,
  required: boolean,
): Promise<Targets> {
  const fileAccounts = accountsWithRows(read);
  if (fileAccounts.length <= 1) {
    return { accounts: [], accountOf: () => importAccount, used: [importAccount], matches: [] };
  }
  const picked = new Map<string, LedgerAccount>();
  for (const [i, choice] of (sent ?? []).entries()) {
    if (!fileAccounts.some((a) => a.key === choice.key)) {
      throw invalidField(`accounts.${i}.key`, 'The file has no account with this key');
    }
    picked.set(choice.key, await ownAccountOrFieldError(db, userId, choice.account_id, `accounts.${i}.account_id`));
  }
  const hashes = new Map(fileAccounts.map((a) => [a.key, fileAccountHash(a)]));
  const remembered = await accountMatches(
    db,
    userId,
    [...hashes.values()].filter((h) => h !== null),
  );
  const chosen = new Map<string, LedgerAccount>(picked);
  for (const a of fileAccounts) {
    const hash = hashes.get(a.key);
    const before = hash ? remembered.get(hash) : undefined;
    if (chosen.has(a.key) || !before) continue;
    // An account closed since is no target: the user picks again.
    const account = await ownAccountOrFieldError(db, userId, before, 'accounts').catch((e: unknown) => {
      if (e instanceof HttpError) return null;
      throw e;
    });
    if (account) chosen.set(a.key, account);
  }
  if (required && fileAccounts.some((a) => !chosen.has(a.key))) {
    throw invalidField('accounts', CHOOSE_EVERY_ACCOUNT, { summary: CHOOSE_EVERY_ACCOUNT });
  }
  const byIndex = new Map(read.accounts.map((a, i) => [i, chosen.get(a.key) ?? null]));
  const used = new Map([...chosen.values()].map((a) => [a.id, a]));
  return {
    accounts: fileAccounts.map((a) => ({
      key: a.key,
      bank_account: a.name ?? maskedAccount(a.accountId),
      type: a.type,
      currency: a.currency,
      count: a.count,
      account_id: chosen.get(a.key)?.id ?? null,
    })),
    accountOf: (row) => (row.account === undefined ? importAccount : (byIndex.get(row.account) ?? null)),
    used: [...used.values()],
    matches: fileAccounts.flatMap((a) => {
      const hash = hashes.get(a.key);
      const account = chosen.get(a.key);
      return hash && account ? [{ fileAccount: hash, accountId: account.id }] : [];
    }),
  };
}

/**
 * Each row judged by the duplicate engine within its own account (../duplicates); a row with no
 * account yet is new.
 */
export async function judgedByAccount(
  db: Db,
  userId: string,
  rows: readonly ImportRow[],
  accountOf: (row: ImportRow) => LedgerAccount | null,
): Promise<Judged[]> {
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const account = accountOf(row);
    if (!account) return;
    const list = groups.get(account.id) ?? [];
    list.push(i);
    groups.set(account.id, list);
  });
  const judged: Judged[] = rows.map(() => ({ verdict: { kind: 'new' }, candidate: null }));
  for (const [accountId, indexes] of groups) {
    const marks = await judgeFileRows(
      db,
      userId,
      accountId,
      indexes.map((i) => rows[i] as ImportRow),
    );
    indexes.forEach((rowIndex, j) => {
      const mark = marks[j];
      if (mark) judged[rowIndex] = mark;
    });
  }
  return judged;
}

/** Remembers where the file's accounts went (in the commit's last transaction). */
export const rememberTargets = (tx: Db, userId: string, targets: Targets, now: Date) =>
  rememberAccountMatches(tx, userId, targets.matches, now);

/** "; amounts rounded to cents on 4 rows": an OFX with four decimals, said so. */
export function roundedNote(read: ReadFile): string {
  const n = read.roundedLines.length;
  return n === 0 ? '' : `; amounts rounded to cents on ${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
}

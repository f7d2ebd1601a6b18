import type { Db } from '@helo/db/client';
import { invalidField } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { accountsOf, type LedgerAccount, walletAccount } from '../ledger/index.ts';
import { isOwnAccount } from './accounts.service.ts';

export const CHOOSE_ACCOUNT = 'Choose one of your accounts';

/** The user's Wallet account (made at activation; made here if an older activation has none). */
export function walletAccountOf(db: Db, userId: string, now?: Date): Promise<LedgerAccount> {
  return walletAccount(db, userId, now);
}

/**
 * The open account `id` of the user, for a transaction or an import; another user's, a closed one,
 * an outside one or none is a 400 at `path` (the same answer for each: nothing tells an id exists).
 */
export async function ownAccountOrFieldError(db: Db, userId: string, id: string, path: string): Promise<LedgerAccount> {
  const [account] = isUuid(id) ? await accountsOf(db, userId, [id]) : [];
  if (!account || !isOwnAccount(account)) throw invalidField(path, CHOOSE_ACCOUNT);
  return account;
}

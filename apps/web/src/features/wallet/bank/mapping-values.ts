import type { Account } from '@helo/contract/accounts';
import type { BankAccount, BankMappingBody } from '@helo/contract/bank-connections';

/** What the select of a bank account holds: '' (not synced), 'new', or one of the user's account ids. */
export const NOT_SYNCED = '';
export const NEW_ACCOUNT = 'new';

export interface MappingRow {
  id: string;
  choice: string;
  /** The new account's name, when `choice` is NEW_ACCOUNT. */
  name: string;
}

export function mappingRowsOf(accounts: readonly BankAccount[]): MappingRow[] {
  return accounts.map((a) => ({ id: a.id, choice: a.account_id ?? NOT_SYNCED, name: a.name.slice(0, 60) }));
}

export function mappingBodyOf(rows: readonly MappingRow[]): BankMappingBody {
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      account: r.choice === NOT_SYNCED ? null : r.choice === NEW_ACCOUNT ? { create: { name: r.name } } : r.choice,
    })),
  };
}

/** The choices of a bank account's select: the user's accounts, then a new one. */
export function choicesOf(accounts: readonly Account[]) {
  return [...accounts.map((a) => ({ value: a.id, text: a.name })), { value: NEW_ACCOUNT, text: 'A new account…' }];
}

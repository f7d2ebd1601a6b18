import type { WalletTransaction } from '@helo/contract/wallet';
import { describe, expect, it } from 'vitest';
import { transferBodyOf, transferForm, transferTitle } from './transfer-values.ts';

const names = new Map([
  ['c', 'Checking'],
  ['s', 'Savings'],
]);
const row = (amount: number): WalletTransaction =>
  ({
    id: 't',
    account_id: amount < 0 ? 'c' : 's',
    amount,
    kind: 'transfer',
    transfer: { from_account_id: 'c', to_account_id: 's', paired: false },
  }) as WalletTransaction;

describe('transfers in the list and the form', () => {
  it('says where the money went, seen from the account', () => {
    expect(transferTitle(row(-500), names)).toBe('Transfer to Savings');
    expect(transferTitle(row(500), names)).toBe('Transfer from Checking');
  });

  it('refuses the same account twice and no account, on their fields', () => {
    const same = transferForm.safeParse({
      from_account_id: 'c',
      to_account_id: 'c',
      date: '2026-11-20',
      amount: '5',
      note: '',
    });
    expect(same.success).toBe(false);
    expect(same.error?.issues.map((i) => i.path[0])).toEqual(['to_account_id']);
    const none = transferForm.safeParse({
      from_account_id: '',
      to_account_id: '',
      date: '2026-11-20',
      amount: '5',
      note: '',
    });
    expect(none.error?.issues.map((i) => i.path[0])).toEqual(['from_account_id', 'to_account_id']);
  });

  it('sends a positive amount in dollars and no empty note', () => {
    expect(
      transferBodyOf({ from_account_id: 'c', to_account_id: 's', date: '2026-11-20', amount: '1250.50', note: ' ' }),
    ).toEqual({ from_account_id: 'c', to_account_id: 's', date: '2026-11-20', amount: 1250.5, note: null });
  });
});

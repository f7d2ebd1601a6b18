import { describe, expect, it } from 'vitest';
import { fileAccountName, initialPicks, NEW_ACCOUNT, pickProblems } from './file-accounts.tsx';

const fileAccount = (key: string, type: string | null, accountId: string | null = null) => ({
  key,
  bank_account: key === '3' ? null : `…${key}${key}${key}${key}`,
  type,
  currency: 'USD',
  count: 2,
  account_id: accountId,
});

describe("a file's accounts in the import dialog", () => {
  it('names each as a person knows it, and guesses the kind of a new account from its type', () => {
    expect(fileAccountName(fileAccount('1', 'CREDITLINE'))).toBe('…1111 · Credit line');
    expect(fileAccountName(fileAccount('2', 'CHECKING'))).toBe('…2222 · Checking');
    expect(fileAccountName(fileAccount('3', null))).toBe('Account 3');
    expect(initialPicks([{ ...fileAccount('4', 'CCARD'), bank_account: 'Visa' }])).toEqual({
      '4': { account: '', kind: 'credit_card', name: 'Visa · Credit card' },
    });
    const picks = initialPicks([fileAccount('1', 'SAVINGS', 'acc-1'), fileAccount('2', 'CREDITCARD')]);
    expect(picks).toEqual({
      '1': { account: 'acc-1', kind: 'savings', name: '…1111 · Savings' },
      '2': { account: '', kind: 'credit_card', name: '…2222 · Credit card' },
    });
  });

  it('wants an account for each, and a kind and a name for a new one', () => {
    expect(
      pickProblems({
        '1': { account: '', kind: 'checking', name: 'x' },
        '2': { account: NEW_ACCOUNT, kind: '', name: 'x' },
        '3': { account: NEW_ACCOUNT, kind: 'cash', name: '  ' },
        '4': { account: 'acc-1', kind: '', name: '' },
      }),
    ).toEqual({
      '1': { account: 'Choose an account for these transactions' },
      '2': { kind: 'Choose a kind' },
      '3': { name: 'Name the account' },
    });
  });
});

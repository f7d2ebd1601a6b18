import { describe, expect, it } from 'vitest';
import { mappingBodyOf, mappingRowsOf, NEW_ACCOUNT, NOT_SYNCED } from './mapping-values.ts';

const bank = (id: string, name: string, accountId: string | null) => ({
  id,
  name,
  currency: 'USD',
  institution: null,
  account_id: accountId,
  account_name: null,
  bank_balance: null,
  available_balance: null,
  balance_date: null,
  last_synced_at: null,
});

describe('the mapping of bank accounts', () => {
  it('starts from what is saved, and sends an id, a new account or null', () => {
    const rows = mappingRowsOf([bank('a', 'Checking', 'acc-1'), bank('b', 'Card', null), bank('c', 'Savings', null)]);
    expect(rows.map((r) => r.choice)).toEqual(['acc-1', NOT_SYNCED, NOT_SYNCED]);
    const edited = rows.map((r) => (r.id === 'b' ? { ...r, choice: NEW_ACCOUNT, name: 'My card' } : r));
    expect(mappingBodyOf(edited)).toEqual({
      accounts: [
        { id: 'a', account: 'acc-1' },
        { id: 'b', account: { create: { name: 'My card' } } },
        { id: 'c', account: null },
      ],
    });
  });
});

import { walletTransaction } from '@helo/contract/wallet';
import { describe, expect, it } from 'vitest';
import {
  blankTransaction,
  categoryChoices,
  leftToSplitCents,
  NO_FILTERS,
  signedDollars,
  type TransactionValues,
  transactionBodyOf,
  transactionForm,
  transactionsQueryString,
  transactionUpdateBodyOf,
  transactionValuesOf,
} from './transaction-values.ts';

const problems = (values: TransactionValues) => {
  const result = transactionForm.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
};

const coffee: TransactionValues = {
  account_id: '',
  date: '2026-11-03',
  payee: '  Corner Café ',
  direction: 'out',
  amount: '4.5',
  category: 'Dining out',
  note: '  ',
  tags: [],
  splits: [],
};

describe('a transaction in the form', () => {
  it('starts as money out dated the day given, not filed under a category, in the Wallet unless told', () => {
    expect(blankTransaction('2026-11-03', 'acc-visa').account_id).toBe('acc-visa');
    expect(blankTransaction('2026-11-03')).toEqual({
      account_id: '',
      date: '2026-11-03',
      payee: '',
      direction: 'out',
      amount: '',
      category: 'Uncategorized',
      note: '',
      tags: [],
      splits: [],
    });
  });

  it('sends money out as a negative amount and money in as a positive one, nobody typing a minus', () => {
    expect(transactionBodyOf(coffee)).toEqual({
      date: '2026-11-03',
      payee: 'Corner Café',
      amount: -4.5,
      category: 'Dining out',
      note: null,
      tags: [],
    });
    expect(transactionBodyOf({ ...coffee, direction: 'in', amount: '20', note: ' refund ' })).toMatchObject({
      amount: 20,
      note: 'refund',
    });
    // An account chosen goes with it; none chosen is the Wallet, the server's default.
    expect(transactionBodyOf({ ...coffee, account_id: 'acc-visa' }).account_id).toBe('acc-visa');
  });

  it('sends the version read with an edit', () => {
    expect(transactionUpdateBodyOf(coffee, 7)).toMatchObject({ amount: -4.5, version: 7 });
  });

  it('says what is missing or wrong on each field, the amount in positive words', () => {
    expect(problems({ ...coffee, date: '', payee: ' ', amount: '' })).toEqual({
      date: 'Date is required',
      payee: expect.stringMatching(/^Payee/),
      amount: 'Amount is required',
    });
    expect(problems({ ...coffee, amount: '0' })).toEqual({ amount: 'Amount cannot be $0' });
    expect(problems({ ...coffee, amount: '20000000000' })).toEqual({
      amount: 'Amount cannot be more than $10 billion',
    });
    expect(problems({ ...coffee, direction: 'in', amount: '20000000000' })).toEqual({
      amount: 'Amount cannot be more than $10 billion',
    });
    expect(problems(coffee)).toEqual({});
  });

  it('starts an edit from the saved transaction, its amount positive and its direction apart', () => {
    expect(
      transactionValuesOf(
        walletTransaction.parse({
          id: 't1',
          account_id: 'acc-wallet',
          date: '2026-11-03',
          payee: 'Corner Café',
          amount: -4.5,
          category: 'Dining out',
          note: null,
          import_id: null,
          version: 2,
          created_at: '2026-11-03T12:00:00.000Z',
          kind: 'transaction',
          transfer: null,
          nest_deposit_id: null,
          possible_duplicate: null,
          suggested_category: null,
          original_payee: null,
          bank_category: null,
          tags: ['Trip'],
          splits: null,
        }),
      ),
    ).toEqual({ ...coffee, account_id: 'acc-wallet', payee: 'Corner Café', note: '', tags: ['Trip'] });
  });

  it('sends a split’s parts signed like the amount, and says by how much they are off', () => {
    const split = {
      ...coffee,
      amount: '50',
      splits: [
        { category: 'Food', amount: '30' },
        { category: 'Dining out', amount: '20' },
      ],
    };
    expect(transactionBodyOf(split).splits).toEqual([
      { category: 'Food', amount: -30 },
      { category: 'Dining out', amount: -20 },
    ]);
    expect(leftToSplitCents(split)).toBe(0);
    const short = {
      ...split,
      splits: [
        { category: 'Food', amount: '30' },
        { category: 'Dining out', amount: '' },
      ],
    };
    expect(leftToSplitCents(short)).toBe(2000);
    expect(
      problems({
        ...split,
        splits: [
          { category: 'Food', amount: '30' },
          { category: 'Dining out', amount: '25' },
        ],
      }),
    ).toEqual({
      splits: 'The parts add up to $55.00: $5.00 more than the amount',
    });
  });
});

describe('the categories a transaction can be filed under', () => {
  it("are the month's budget categories, then Uncategorized, always there", () => {
    expect(categoryChoices(['Groceries', 'Rent'])).toEqual(['Groceries', 'Rent', 'Uncategorized']);
    expect(categoryChoices([])).toEqual(['Uncategorized']);
  });

  it('keep the category an edited transaction is filed under, once, whatever its case', () => {
    expect(categoryChoices(['Groceries'], 'Gym')).toEqual(['Groceries', 'Uncategorized', 'Gym']);
    expect(categoryChoices(['Groceries'], 'groceries')).toEqual(['Groceries', 'Uncategorized']);
    expect(categoryChoices(['Groceries'], 'Uncategorized')).toEqual(['Groceries', 'Uncategorized']);
  });
});

describe('amounts and queries', () => {
  it('signs an amount: money out with a minus, money in with a plus', () => {
    expect(signedDollars(-12.34)).toBe('−$12.34');
    expect(signedDollars(1234.5)).toBe('+$1,234.50');
  });

  it('asks only for the filters set, with the page to continue from', () => {
    expect(transactionsQueryString(NO_FILTERS, null)).toBe('');
    expect(
      transactionsQueryString(
        { q: ' café & co ', account: 'acc-1', category: 'Dining out', tag: 'Trip', from: '2026-11-01', to: '' },
        'abc',
      ),
    ).toBe('?q=caf%C3%A9+%26+co&account_id=acc-1&category=Dining+out&tag=Trip&from=2026-11-01&cursor=abc');
  });

  it('refuses an amount typed with a comma where no thousands separator can be (issue 25)', () => {
    expect(problems({ ...coffee, amount: '12,34.5' })).toEqual({ amount: 'Check this amount' });
  });
});

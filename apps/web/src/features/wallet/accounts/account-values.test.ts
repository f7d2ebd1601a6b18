import { type Account, account } from '@helo/contract/accounts';
import { describe, expect, it } from 'vitest';
import {
  type AccountValues,
  accountBodyOf,
  accountForm,
  accountUpdateBodyOf,
  accountValuesOf,
  balanceText,
  blankAccount,
  heldAt,
  openingLabel,
} from './account-values.ts';

const problems = (values: AccountValues) => {
  const result = accountForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const dollars = (n: number) => n as Account['balance'];
const visa: Account = account.parse({
  id: 'a-1',
  kind: 'credit_card',
  name: 'Visa',
  institution: 'Chase',
  last_four: '4242',
  balance: -512.34,
  opening_balance: 500,
  opening_date: '2026-11-01',
  is_wallet: false,
  version: 3,
  created_at: '2026-11-01T12:00:00.000Z',
});

describe('an account in the form', () => {
  it('starts with no kind, opened today with nothing in it', () => {
    const blank = blankAccount('2026-11-21');
    expect(blank).toMatchObject({ kind: '', opening_balance: '', opening_date: '2026-11-21' });
    expect(problems(blank)).toEqual({ kind: 'Choose a kind', name: 'Name is required' });
  });

  it('sends what was typed, the blanks as none and the opening balance as $0 when left empty', () => {
    const values = { ...blankAccount('2026-11-21'), kind: 'cash' as const, name: ' Jar ' };
    expect(accountBodyOf(values)).toEqual({
      kind: 'cash',
      name: 'Jar',
      institution: null,
      last_four: null,
      opening_balance: 0,
      opening_date: '2026-11-21',
    });
  });

  it("names each field's problem in the contract's words", () => {
    const values: AccountValues = {
      ...blankAccount('2026-11-21'),
      kind: 'checking',
      name: 'Checking',
      last_four: '12a4',
      opening_balance: '12,34.5',
    };
    expect(problems(values)).toEqual({
      last_four: 'Last four digits must be four digits',
      opening_balance: 'Check this amount',
    });
  });

  it("a saved card's edit starts from what it owed, and saves from the version read", () => {
    const values = accountValuesOf(visa, '2026-11-21');
    expect(values).toEqual({
      kind: 'credit_card',
      name: 'Visa',
      institution: 'Chase',
      last_four: '4242',
      opening_balance: '500',
      opening_date: '2026-11-01',
      negative: false,
    });
    expect(accountUpdateBodyOf(values, visa.version)).toMatchObject({ opening_balance: 500, version: 3 });
    // An opening balance below zero (made through the API) keeps its sign.
    const overdrawn = accountValuesOf(
      { ...visa, kind: 'checking', opening_balance: dollars(-20), opening_date: null },
      '2026-11-21',
    );
    expect(overdrawn).toMatchObject({ opening_balance: '20', negative: true, opening_date: '2026-11-21' });
    expect(accountBodyOf(overdrawn).opening_balance).toBe(-20);
  });
});

describe('an account on the page', () => {
  it('says what a card owes and what the others hold', () => {
    expect(balanceText(visa)).toBe('$512.34 owed');
    expect(balanceText({ kind: 'credit_card', balance: dollars(12) })).toBe('$12.00 in credit');
    expect(balanceText({ kind: 'credit_card', balance: dollars(0) })).toBe('$0.00');
    expect(balanceText({ kind: 'checking', balance: dollars(1250) })).toBe('$1,250.00');
    expect(balanceText({ kind: 'checking', balance: dollars(-20) })).toBe('−$20.00');
    expect(openingLabel('credit_card')).toBe('Owed on the opening date');
    expect(openingLabel('savings')).toBe('Balance on the opening date');
  });

  it('says where it is held', () => {
    expect(heldAt(visa)).toBe('Chase ···· 4242');
    expect(heldAt({ institution: null, last_four: '4242' })).toBe('···· 4242');
    expect(heldAt({ institution: null, last_four: null })).toBe('');
  });
});

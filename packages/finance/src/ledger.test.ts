import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from './cents.ts';
import {
  ACCOUNT_KINDS,
  accountClass,
  applyLines,
  journalProblem,
  type Line,
  netWorth,
  reversalLines,
  shownBalance,
} from './ledger.ts';

const line = (accountId: string, amount: number): Line => ({ accountId, amountCents: amount as Cents });

describe('the ledger: worked examples', () => {
  it('a $3,000 paycheck through the Nest: income gives, four accounts receive, the journal sums to zero', () => {
    const paycheck = [
      line('income', -300_000),
      line('checking', 180_000),
      line('loan_payments', 60_000),
      line('emergency_fund', 45_000),
      line('goal', 15_000),
    ];
    expect(journalProblem(paycheck)).toBeUndefined();
    const after = applyLines(new Map(), paycheck, new Set(['checking']));
    expect(after.ok && Object.fromEntries(after.balances)).toEqual({
      income: -300_000,
      checking: 180_000,
      loan_payments: 60_000,
      emergency_fund: 45_000,
      goal: 15_000,
    });
  });

  it('a $500 loan payment of $420 principal and $80 interest: the loan owes less, interest is spent', () => {
    // The loan starts owed: -1,000,000 cents is $10,000 owed.
    const payment = [line('loan_payments', -50_000), line('loan', 42_000), line('interest', 8_000)];
    expect(journalProblem(payment)).toBeUndefined();
    const after = applyLines(
      new Map([
        ['loan_payments', 60_000 as Cents],
        ['loan', -1_000_000 as Cents],
      ]),
      payment,
      new Set(['loan_payments']),
    );
    expect(after.ok && after.balances.get('loan')).toBe(-958_000);
    expect(shownBalance('loan', -958_000 as Cents)).toBe(958_000);
    expect(after.ok && after.balances.get('loan_payments')).toBe(10_000);
  });

  it('refuses what is not a journal, naming why', () => {
    expect(journalProblem([line('a', 100)])).toEqual({ kind: 'too_few_lines' });
    expect(journalProblem([line('a', 100), line('b', -99)])).toEqual({ kind: 'unbalanced', sumCents: 1 });
    expect(journalProblem([line('a', 0.5), line('b', -0.5)])).toEqual({ kind: 'not_cents', accountId: 'a' });
    expect(journalProblem([line('a', 0), line('b', 0)])).toEqual({ kind: 'zero_line', accountId: 'a' });
    expect(journalProblem([line('a', 100), line('a', -100)])).toEqual({ kind: 'repeated_account', accountId: 'a' });
    expect(journalProblem([line('a', Number.MAX_SAFE_INTEGER), line('b', -Number.MAX_SAFE_INTEGER)])).toBeUndefined();
    expect(journalProblem([line('a', Number.MAX_SAFE_INTEGER), line('b', Number.MAX_SAFE_INTEGER)])).toEqual({
      kind: 'not_cents',
      accountId: undefined,
    });
  });

  it('"never below zero" refuses the journal that would cross it, and names the account', () => {
    const spend = [line('checking', -10_001), line('spending', 10_001)];
    expect(applyLines(new Map([['checking', 10_000 as Cents]]), spend, new Set(['checking']))).toEqual({
      ok: false,
      accountId: 'checking',
      balanceCents: 10_000,
    });
    // Without the flag the same account may go negative (an overdraft).
    expect(applyLines(new Map([['checking', 10_000 as Cents]]), spend, new Set()).ok).toBe(true);
  });

  it('net worth counts each account of the user once and nothing outside', () => {
    const accounts = [
      { kind: 'checking' as const, balanceCents: 432_003 as Cents },
      { kind: 'emergency_fund' as const, balanceCents: 100_000 as Cents },
      { kind: 'loan' as const, balanceCents: -958_000 as Cents },
      { kind: 'credit_card' as const, balanceCents: -12_345 as Cents },
      { kind: 'income' as const, balanceCents: -300_000 as Cents },
      { kind: 'spending' as const, balanceCents: 55_000 as Cents },
    ];
    // 4,320.03 + 1,000.00 − 9,580.00 − 123.45 = −4,383.42
    expect(netWorth(accounts)).toBe(-438_342);
  });

  it('every kind belongs to exactly one class', () => {
    const classes = ACCOUNT_KINDS.map(accountClass);
    expect(new Set(ACCOUNT_KINDS).size).toBe(ACCOUNT_KINDS.length);
    expect(classes.filter((c) => c === 'liability')).toHaveLength(2);
    expect(accountClass('opening_balance')).toBe('external');
  });
});

const ACCOUNTS = ['a', 'b', 'c', 'd', 'e'];
/** A balanced journal over distinct accounts: random amounts, the last line takes the rest. */
const journal = fc
  .tuple(
    fc.shuffledSubarray(ACCOUNTS, { minLength: 2, maxLength: ACCOUNTS.length }),
    fc.array(
      fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((n) => n !== 0),
      {
        minLength: ACCOUNTS.length,
        maxLength: ACCOUNTS.length,
      },
    ),
  )
  .map(([accounts, amounts]) => {
    const lines = accounts.slice(0, -1).map((id, i) => line(id, amounts[i] ?? 1));
    const rest = -lines.reduce((s, l) => s + l.amountCents, 0);
    return rest === 0 ? [] : [...lines, line(accounts.at(-1) ?? 'a', rest)];
  })
  .filter((lines) => lines.length >= 2);

describe('the ledger: properties', () => {
  it('a generated journal is balanced, and its reversal too; the two together change nothing', () => {
    fc.assert(
      fc.property(journal, (lines) => {
        expect(journalProblem(lines)).toBeUndefined();
        expect(journalProblem(reversalLines(lines))).toBeUndefined();
        const start = new Map<string, Cents>(ACCOUNTS.map((id) => [id, 0 as Cents]));
        const there = applyLines(start, lines, new Set());
        if (!there.ok) throw new Error('no floors: nothing is refused');
        const back = applyLines(there.balances, reversalLines(lines), new Set());
        if (!back.ok) throw new Error('no floors: nothing is refused');
        expect(Object.fromEntries(back.balances)).toEqual(Object.fromEntries(start));
      }),
    );
  });

  it('any sequence of journals keeps the sum of all balances at zero, and a floored account never below it', () => {
    fc.assert(
      fc.property(fc.array(journal, { maxLength: 30 }), (journals) => {
        const floors = new Set(['a', 'b']);
        let balances = new Map<string, Cents>();
        for (const lines of journals) {
          const next = applyLines(balances, lines, floors);
          if (!next.ok) {
            expect(floors.has(next.accountId)).toBe(true);
            continue;
          }
          balances = next.balances;
          for (const id of floors) expect(balances.get(id) ?? 0).toBeGreaterThanOrEqual(0);
          expect([...balances.values()].reduce((s, b) => s + b, 0)).toBe(0);
        }
      }),
    );
  });

  it('changing one line by a cent always unbalances the journal', () => {
    fc.assert(
      fc.property(journal, fc.nat(), fc.constantFrom(-1, 1), (lines, at, delta) => {
        const i = at % lines.length;
        const changed = lines.map((l, j) => (j === i ? line(l.accountId, l.amountCents + delta) : l));
        const problem = journalProblem(changed);
        expect(problem?.kind === 'unbalanced' || problem?.kind === 'zero_line').toBe(true);
      }),
    );
  });
});

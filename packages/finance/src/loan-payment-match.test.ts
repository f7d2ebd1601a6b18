import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loanNameWords, loanPaymentFor, type MatchableLoan } from './loan-payment-match.ts';
import { daysApart } from './matching.ts';

const car: MatchableLoan = { id: 'car', monthlyPaymentCents: 35_000, dueDay: 15, names: ['Car Loan', 'Blue Civic'] };
const home: MatchableLoan = { id: 'home', monthlyPaymentCents: 180_000, dueDay: 1, names: ['Mortgage'] };
const row = (date: string, amountCents: number, description: string) => ({ date, amountCents, description });

describe('loanPaymentFor', () => {
  it('takes the monthly payment, near the due date, that says loan', () => {
    expect(loanPaymentFor(row('2026-11-14', -35_000, 'TOYOTA FINANCIAL AUTO PMT'), [car, home])).toBe('car');
    expect(loanPaymentFor(row('2026-11-02', -180_000, 'ROCKET MORTGAGE ACH'), [car, home])).toBe('home');
    // The last day of a short month is its due date for a loan due on the 31st; days across a year end count.
    const late = { ...home, id: 'late', dueDay: 31 };
    expect(loanPaymentFor(row('2027-03-02', -180_000, 'MTG PAYMENT'), [late])).toBe('late');
    expect(loanPaymentFor(row('2027-01-01', -180_000, 'MTG PAYMENT'), [late])).toBe('late');
  });

  it('names the loan by its own words too', () => {
    expect(loanPaymentFor(row('2026-11-15', -35_000, 'CIVIC PAYMENT HONDA'), [car])).toBe('car');
    expect(loanNameWords(['Car Loan', 'Blue Civic'])).toEqual(new Set(['blue', 'civic']));
  });

  it('leaves the right amount with no loan words, the wrong amount, money in and a far date', () => {
    expect(loanPaymentFor(row('2026-11-15', -35_000, 'SAFEWAY #1234 OAKLAND CA'), [car])).toBeUndefined();
    expect(loanPaymentFor(row('2026-11-15', -35_001, 'AUTO LOAN PMT'), [car])).toBeUndefined();
    expect(loanPaymentFor(row('2026-11-15', 35_000, 'AUTO LOAN PMT'), [car])).toBeUndefined();
    expect(loanPaymentFor(row('2026-11-19', -35_000, 'AUTO LOAN PMT'), [car])).toBeUndefined();
    expect(loanPaymentFor(row('2026-11-18', -35_000, 'AUTO LOAN PMT'), [car])).toBe('car');
  });

  it('prefers the loan the description names over one that only matches in amount', () => {
    const other = { ...car, id: 'a-other', names: ['Student Loan'] };
    expect(loanPaymentFor(row('2026-11-15', -35_000, 'CIVIC LOAN PMT'), [other, car])).toBe('car');
    expect(loanPaymentFor(row('2026-11-15', -35_000, 'LOAN PMT'), [car, other])).toBe('a-other');
  });

  it('property: a match always has the amount, the words, and a due date within 3 days; order does not matter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom(-35_000, -35_001, 35_000),
        fc.constantFrom('AUTO LOAN', 'SAFEWAY', 'BLUE CIVIC', 'PAYMENT'),
        (day, dueDay, amountCents, description) => {
          const loans = [
            { ...car, dueDay },
            { ...home, dueDay },
          ];
          const r = row(`2026-11-${String(day).padStart(2, '0')}`, amountCents, description);
          const id = loanPaymentFor(r, loans);
          if (id !== loanPaymentFor(r, [...loans].reverse())) return false;
          if (id === undefined) return true;
          const loan = loans.find((l) => l.id === id);
          const dues = ['2026-10', '2026-11', '2026-12'].map(
            (m) => `${m}-${String(Math.min(dueDay, m === '2026-11' ? 30 : 31)).padStart(2, '0')}`,
          );
          return (
            loan?.monthlyPaymentCents === -amountCents &&
            description !== 'SAFEWAY' &&
            description !== 'PAYMENT' &&
            dues.some((d) => daysApart(d, r.date) <= 3)
          );
        },
      ),
    );
  });
});

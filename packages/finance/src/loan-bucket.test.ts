import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketMonthInterest, halves, pullsFor, pullsOn, setAsideByLoan } from './loan-bucket.ts';

describe('halves', () => {
  it('splits a payment into halves that add up to it', () => {
    // $350.00: $175.00 and $175.00; $450.01: $225.01 (a half cent up) and $225.00.
    expect(halves(35_000)).toEqual([17_500, 17_500]);
    expect(halves(45_001)).toEqual([22_501, 22_500]);
    expect(halves(1)).toEqual([1, 0]);
  });

  it('always adds up, the first half never the smaller', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (p) => {
        const [a, b] = halves(p);
        expect(a + b).toBe(p);
        expect(a - b === 0 || a - b === 1).toBe(true);
      }),
    );
  });
});

describe('pullsFor', () => {
  it('takes the two paydays before the due date, the halves on them', () => {
    // Paid every two weeks on Fridays; the car loan's $350.01 is due on the 15th of December.
    const paydays = ['2026-11-13', '2026-11-27', '2026-12-11', '2026-12-25'];
    expect(pullsFor({ dueDate: '2026-12-15', dueDay: 15, paymentCents: 35_001, paydays })).toEqual([
      { day: '2026-11-27', dueDate: '2026-12-15', part: 1, amountCents: 17_501, targetCents: 17_501 },
      { day: '2026-12-11', dueDate: '2026-12-15', part: 2, amountCents: 17_500, targetCents: 35_001 },
    ]);
  });

  it('takes the whole payment on the only payday, none without one; a payday on the due date is too late', () => {
    const one = pullsFor({
      dueDate: '2026-12-15',
      dueDay: 15,
      paymentCents: 35_000,
      paydays: ['2026-12-01', '2026-12-15'],
    });
    expect(one).toEqual([
      { day: '2026-12-01', dueDate: '2026-12-15', part: 1, amountCents: 35_000, targetCents: 35_000 },
    ]);
    expect(pullsFor({ dueDate: '2026-12-15', dueDay: 15, paymentCents: 35_000, paydays: [] })).toEqual([]);
    // Paydays of another month do not fund this due date.
    expect(pullsFor({ dueDate: '2026-12-15', dueDay: 15, paymentCents: 35_000, paydays: ['2026-11-01'] })).toEqual([]);
  });

  it('sets the whole payment aside before the due date, in at most two pulls', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 8 }),
        (payment, offsets) => {
          const paydays = offsets.map((o) => new Date(Date.UTC(2026, 10, 1 + o)).toISOString().slice(0, 10));
          const pulls = pullsFor({ dueDate: '2026-12-15', dueDay: 15, paymentCents: payment, paydays });
          expect(pulls.length).toBeLessThanOrEqual(2);
          for (const p of pulls) expect(p.day < '2026-12-15' && p.day >= '2026-11-15').toBe(true);
          if (pulls.length > 0) expect(pulls.reduce((s, p) => s + p.amountCents, 0)).toBe(payment);
        },
      ),
    );
  });
});

describe('pullsOn', () => {
  const car = pullsFor({
    dueDate: '2026-12-15',
    dueDay: 15,
    paymentCents: 35_000,
    paydays: ['2026-11-27', '2026-12-11'],
  });
  const bike = pullsFor({
    dueDate: '2026-12-20',
    dueDay: 20,
    paymentCents: 10_000,
    paydays: ['2026-11-27', '2026-12-11'],
  });

  it('takes each half when the bucket is empty', () => {
    const first = pullsOn('2026-11-27', 0, [
      { id: 'car', pulls: car },
      { id: 'bike', pulls: bike },
    ]);
    expect(first.get('car')?.takeCents).toBe(17_500);
    expect(first.get('bike')?.takeCents).toBe(5_000);
    // After the first pulls the bucket holds $225.00: the second pulls take the other halves.
    const second = pullsOn('2026-12-11', 22_500, [
      { id: 'car', pulls: car },
      { id: 'bike', pulls: bike },
    ]);
    expect(second.get('car')?.takeCents).toBe(17_500);
    expect(second.get('bike')?.takeCents).toBe(5_000);
  });

  it('takes only what is lacking when a rule or the interest put money in', () => {
    // $400 from a "$400 to Loan payments" rule: the car's half is there, the bike's half too.
    const pulls = pullsOn('2026-11-27', 40_000, [
      { id: 'car', pulls: car },
      { id: 'bike', pulls: bike },
    ]);
    expect(pulls.get('car')?.takeCents).toBe(0);
    expect(pulls.get('bike')?.takeCents).toBe(0);
    // $200: the car's $175 is covered, the bike gets the $25 left and pulls $25 more.
    expect(
      pullsOn('2026-11-27', 20_000, [
        { id: 'car', pulls: car },
        { id: 'bike', pulls: bike },
      ]).get('bike')?.takeCents,
    ).toBe(2_500);
  });
});

describe('setAsideByLoan', () => {
  it('counts the balance against the loans in order, each up to its payment', () => {
    expect(setAsideByLoan(40_000, [35_000, 10_000])).toEqual([35_000, 5_000]);
    expect(setAsideByLoan(0, [35_000])).toEqual([0]);
    expect(setAsideByLoan(99_999, [1, 2])).toEqual([1, 2]);
  });
});

describe('bucketMonthInterest', () => {
  it('is the daily balances × rate ÷ 365, rounded once', () => {
    // $1,000.00 all of November (30 days) at 4 %: 100,000 × 30 × 0.04 ÷ 365 = 328.77 → 329 cents.
    expect(
      bucketMonthInterest({ month: '2026-11', openingCents: 100_000, balances: [], rateTenThousandths: 40_000 }),
    ).toBe(329);
    // $175.00 held from November 27th, $350.00 from December 11th to the 14th, $0 after the payment on
    // the 15th, at 4.5 %: (17,500 × 10 + 35,000 × 4) × 0.045 ÷ 365 = 315,000 × 0.045 ÷ 365 = 38.84 → 39.
    expect(
      bucketMonthInterest({
        month: '2026-12',
        openingCents: 17_500,
        balances: [
          { date: '2026-11-27', balanceCents: 17_500 },
          { date: '2026-12-11', balanceCents: 35_000 },
          { date: '2026-12-15', balanceCents: 0 },
        ],
        rateTenThousandths: 45_000,
      }),
    ).toBe(39);
    // No rate, no interest; a half cent rounds up: 36,500 cent-days at 0.005 % … exactly 0.5 → 1.
    expect(bucketMonthInterest({ month: '2026-11', openingCents: 100_000, balances: [], rateTenThousandths: 0 })).toBe(
      0,
    );
    expect(bucketMonthInterest({ month: '2026-02', openingCents: 182_500, balances: [], rateTenThousandths: 1 })).toBe(
      0,
    );
  });

  it('agrees with a day-by-day sum in floats within half a cent, and grows with the balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 200_000 }), (balance, rate) => {
        const got = bucketMonthInterest({
          month: '2026-11',
          openingCents: balance,
          balances: [],
          rateTenThousandths: rate,
        });
        const exact = (balance * 30 * rate) / (365 * 1_000_000);
        expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        const more = bucketMonthInterest({
          month: '2026-11',
          openingCents: balance + 100,
          balances: [],
          rateTenThousandths: rate,
        });
        expect(more).toBeGreaterThanOrEqual(got);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { cents } from './cents.ts';
import { dueDateOf, largestPayment, paysDueDate, previousDueDate, splitPayment } from './loan-payment.ts';

describe('dueDateOf', () => {
  it('is the first date on or after the day on the loan’s day of the month', () => {
    expect(dueDateOf('2026-03-10', 15)).toBe('2026-03-15');
    expect(dueDateOf('2026-03-15', 15)).toBe('2026-03-15');
    expect(dueDateOf('2026-03-16', 15)).toBe('2026-04-15');
    expect(dueDateOf('2026-12-20', 15)).toBe('2027-01-15');
  });

  it('takes a short month’s last day for a loan of the 31st', () => {
    expect(dueDateOf('2026-02-10', 31)).toBe('2026-02-28');
    expect(dueDateOf('2026-03-01', 31)).toBe('2026-03-31');
    expect(dueDateOf('2028-02-29', 31)).toBe('2028-02-29');
  });

  it('has the previous due date a month before, on the loan’s day', () => {
    expect(previousDueDate('2026-03-31', 31)).toBe('2026-02-28');
    expect(previousDueDate('2026-03-15', 15)).toBe('2026-02-15');
    expect(previousDueDate('2026-01-15', 15)).toBe('2025-12-15');
  });
});

describe('splitPayment', () => {
  // $12,000 at 6 %: $60.00 a month.
  const loan = { owedCents: cents(1_200_000), annualRatePercent: 6 };

  it('takes the month’s interest first and the rest off the balance', () => {
    expect(splitPayment({ ...loan, paymentCents: cents(50_000) })).toEqual({
      interestCents: 6_000,
      principalCents: 44_000,
    });
  });

  it('charges a month’s interest once: a second payment of the month pays only what is left of it', () => {
    expect(splitPayment({ ...loan, paymentCents: cents(50_000), interestChargedCents: cents(6_000) })).toEqual({
      interestCents: 0,
      principalCents: 50_000,
    });
    expect(splitPayment({ ...loan, paymentCents: cents(50_000), interestChargedCents: cents(2_500) })).toEqual({
      interestCents: 3_500,
      principalCents: 46_500,
    });
  });

  it('is all interest when the payment does not cover it', () => {
    expect(splitPayment({ ...loan, paymentCents: cents(4_000) })).toEqual({ interestCents: 4_000, principalCents: 0 });
  });

  it('charges no interest on a loan that owes nothing or at 0 %', () => {
    expect(splitPayment({ owedCents: cents(0), annualRatePercent: 6, paymentCents: cents(100) }).interestCents).toBe(0);
    expect(splitPayment({ ...loan, annualRatePercent: 0, paymentCents: cents(100) }).interestCents).toBe(0);
  });

  it('rounds the interest half-up to the cent', () => {
    // $100.50 at 6 %: 50.25 cents → 50.
    expect(splitPayment({ owedCents: cents(10_050), annualRatePercent: 6, paymentCents: cents(1_000) })).toEqual({
      interestCents: 50,
      principalCents: 950,
    });
    // $101.00 at 6 %: 50.5 cents → 51.
    expect(
      splitPayment({ owedCents: cents(10_100), annualRatePercent: 6, paymentCents: cents(1_000) }).interestCents,
    ).toBe(51);
  });
});

describe('largestPayment and paysDueDate', () => {
  it('is what is owed plus the interest still to charge this month', () => {
    expect(largestPayment({ owedCents: cents(1_200_000), annualRatePercent: 6 })).toBe(1_206_000);
    expect(
      largestPayment({ owedCents: cents(1_200_000), annualRatePercent: 6, interestChargedCents: cents(6_000) }),
    ).toBe(1_200_000);
    expect(largestPayment({ owedCents: cents(0), annualRatePercent: 6 })).toBe(0);
  });

  it('counts a payment as the due date’s when it is the monthly payment, or all that is left when less', () => {
    expect(
      paysDueDate({ paymentCents: cents(45_000), monthlyCents: cents(45_000), largestCents: cents(900_000) }),
    ).toBe(true);
    expect(
      paysDueDate({ paymentCents: cents(44_999), monthlyCents: cents(45_000), largestCents: cents(900_000) }),
    ).toBe(false);
    expect(paysDueDate({ paymentCents: cents(10_000), monthlyCents: cents(45_000), largestCents: cents(10_000) })).toBe(
      true,
    );
    expect(paysDueDate({ paymentCents: cents(0), monthlyCents: cents(0), largestCents: cents(0) })).toBe(false);
  });
});

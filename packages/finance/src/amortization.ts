/**
 * A loan's month-by-month schedule at a fixed payment, to the cent: what payoffEstimate's formula
 * approximates, with every month's interest rounded as a lender rounds it.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';
import { monthlyInterestAt, rateInTenThousandths } from './monthly-interest.ts';

export interface AmortizationRow {
  /** 1-based month. */
  period: number;
  paymentCents: Cents;
  interestCents: Cents;
  principalCents: Cents;
  /** The balance after this payment. */
  balanceCents: Cents;
}

export interface AmortizationSchedule {
  rows: AmortizationRow[];
  /** The balance reached 0 within maxPeriods. */
  paidOff: boolean;
  totalInterestCents: Cents;
  totalPaidCents: Cents;
}

/**
 * Each month: interest on the balance (half-up, exact), then the payment, the last one only what is
 * still owed. A payment that does not exceed the first month's interest never pays the loan off
 * (later months' interest is no smaller), so that answers at once with no rows.
 */
export function amortizationSchedule(input: {
  balanceCents: CentsInput;
  annualRatePercent: number;
  paymentCents: CentsInput;
  maxPeriods?: number;
}): AmortizationSchedule {
  const { balanceCents, paymentCents, maxPeriods = 1200 } = input;
  checkCents('balanceCents', balanceCents);
  checkCents('paymentCents', paymentCents);
  if (!Number.isSafeInteger(maxPeriods) || maxPeriods < 0) throw new RangeError('maxPeriods must be an integer ≥ 0');
  const rate = rateInTenThousandths(input.annualRatePercent);

  const rows: AmortizationRow[] = [];
  let balance: number = balanceCents;
  let totalInterestCents = 0;
  let totalPaidCents = 0;
  if (balance > 0 && paymentCents <= monthlyInterestAt(balance, rate)) {
    return { rows, paidOff: false, totalInterestCents: asCents(0), totalPaidCents: asCents(0) };
  }
  for (let period = 1; balance > 0 && period <= maxPeriods; period++) {
    const interestCents = monthlyInterestAt(balance, rate);
    const owed = balance + interestCents;
    const payment = paymentCents < owed ? paymentCents : owed;
    balance = owed - payment;
    totalInterestCents += interestCents;
    totalPaidCents += payment;
    rows.push({
      period,
      paymentCents: asCents(payment),
      interestCents: asCents(interestCents),
      principalCents: asCents(payment - interestCents),
      balanceCents: asCents(balance),
    });
  }
  return {
    rows,
    paidOff: balance === 0,
    totalInterestCents: asCents(totalInterestCents),
    totalPaidCents: asCents(totalPaidCents),
  };
}

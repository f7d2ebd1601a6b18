/**
 * Money is held as integer cents everywhere inside Helo; dollars exist only on the wire and on
 * screen. These are the two crossings.
 */

export class MoneyError extends Error {}

/**
 * Dollars (at most two decimals) to integer cents, exactly: 0.1 + 0.2 style float error never
 * reaches a ledger. Rejects more than two decimals rather than silently rounding someone's money.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new MoneyError('Amount must be a finite number');
  const cents = Math.round(dollars * 100);
  // Compare in the decimal domain: 19.99 * 100 is 1998.9999999999998, which is still 1999 cents.
  if (Math.abs(cents - dollars * 100) > 1e-6 * Math.max(1, Math.abs(dollars))) {
    throw new MoneyError('Amount must have at most two decimals');
  }
  if (!Number.isSafeInteger(cents)) throw new MoneyError('Amount is too large');
  return cents === 0 ? 0 : cents;
}

/** Integer cents to a dollar number with at most two decimals, for JSON. */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new MoneyError('Cents must be a safe integer');
  return cents / 100;
}

/** Guards the math's inputs: an amount in cents is a whole, non-negative, exactly representable number. */
export function checkCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a safe integer ≥ 0`);
}

/**
 * Money is held as integer cents everywhere inside Helo; dollars exist only on the wire and on
 * screen. These are the two crossings.
 */

export class MoneyError extends Error {}

/**
 * An amount in integer cents, as the database stores it and the math returns it. The brand exists
 * only for the type checker: a `Cents` value can not be passed where dollars are meant
 * (`dollarsToCents`, a contract's dollar field), so a figure 100 times too large can not reach the
 * wire or the screen unnoticed.
 */
export type Cents = number & { readonly '~cents': true };
/** A dollar amount as the wire carries it (at most two decimals). Never passed where cents are meant. */
export type Dollars = number & { readonly '~dollars': true };
/**
 * What a function that takes cents accepts: `Cents`, or a plain number (a literal, a sum), but never
 * `Dollars`. Plain numbers stay allowed so arithmetic and tests read naturally; the values that come
 * from outside (database rows, parsed requests and answers) carry their brand.
 */
export type CentsInput = number & { readonly '~dollars'?: never };
/** What a function that takes dollars accepts: anything but `Cents`. */
export type DollarsInput = number & { readonly '~cents'?: never };

/** A whole, exactly representable number of cents, branded; throws otherwise. */
export function cents(value: CentsInput): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError('Cents must be a safe integer');
  return value as Cents;
}

/** Brands a figure the math has already kept whole (a sum of cents); no check, for the loops. */
export const asCents = (value: number): Cents => value as Cents;

/**
 * Dollars (at most two decimals) to integer cents, exactly: 0.1 + 0.2 style float error never
 * reaches a ledger. Rejects more than two decimals rather than silently rounding someone's money.
 */
export function dollarsToCents(dollars: DollarsInput): Cents {
  if (!Number.isFinite(dollars)) throw new MoneyError('Amount must be a finite number');
  const cents = Math.round(dollars * 100);
  // Compare in the decimal domain: 19.99 * 100 is 1998.9999999999998, which is still 1999 cents.
  if (Math.abs(cents - dollars * 100) > 1e-6 * Math.max(1, Math.abs(dollars))) {
    throw new MoneyError('Amount must have at most two decimals');
  }
  if (!Number.isSafeInteger(cents)) throw new MoneyError('Amount is too large');
  return (cents === 0 ? 0 : cents) as Cents;
}

/** A dollar figure written by hand (a fixture, a constant), checked and branded like the wire's. */
export function dollarsOf(value: DollarsInput): Dollars {
  dollarsToCents(value);
  return value as Dollars;
}

/** Integer cents to a dollar number with at most two decimals, for JSON. */
export function centsToDollars(cents: CentsInput): Dollars {
  if (!Number.isSafeInteger(cents)) throw new MoneyError('Cents must be a safe integer');
  return (cents / 100) as Dollars;
}

/** Guards the math's inputs: an amount in cents is a whole, non-negative, exactly representable number. */
export function checkCents(name: string, value: CentsInput): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a safe integer ≥ 0`);
}

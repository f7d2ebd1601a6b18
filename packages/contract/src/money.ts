import { type Dollars, type DollarsInput, dollarsToCents, MoneyError } from '@helo/finance/cents';
import { z } from 'zod';

/** The largest amount we accept anywhere: $10 billion, far above any consumer's loan. */
export const MAX_DOLLARS = 10_000_000_000;

// A missing (or null) number is "required"; anything else that is not a number is named as such.
const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`;

/**
 * The types of a dollar field: what passes is `Dollars` (so it can not be handed to the math as
 * cents), and what is put in may be any number but `Cents` (so a cents figure can not be sent or
 * answered as dollars). Only the types change; the schema is still the number schema at run time.
 */
type DollarSchema = z.ZodType<Dollars, DollarsInput>;

/** A dollar figure in an answer: the server fills it with `centsToDollars`, never with cents. */
export const dollars = (): DollarSchema => z.number() as unknown as DollarSchema;

/**
 * A dollar amount on the wire: a JSON number, not negative, at most two decimals. The check is the
 * same `dollarsToCents` the server converts with, so what passes here always converts exactly.
 */
export function dollarAmount(label: string): DollarSchema {
  const schema = z
    .number({ error: numberError(label) })
    .min(0, `${label} cannot be negative`)
    .max(MAX_DOLLARS, `${label} cannot be more than $10 billion`)
    .refine((v) => {
      try {
        dollarsToCents(v);
        return true;
      } catch (e) {
        if (e instanceof MoneyError) return false;
        throw e;
      }
    }, `${label} can have at most two decimals (cents)`);
  return schema as unknown as DollarSchema;
}

/** A yearly interest rate in percent (6.5 means 6.5 %), stored with four decimals. */
export function percentRate(label: string) {
  return z
    .number({ error: numberError(label) })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} cannot be more than 100 %`)
    .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, `${label} can have at most four decimals`);
}

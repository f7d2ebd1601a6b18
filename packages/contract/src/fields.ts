import { z } from 'zod';

/**
 * The field schemas every request schema is built from, so a rule about what the server can store
 * holds on every route at once rather than route by route (issue 10, item 2).
 */

/** The largest PostgreSQL `integer` (int4): every serial id column. */
export const INT4_MAX = 2_147_483_647;

// NUL cannot be stored in a PostgreSQL text column (the driver fails, which was a 500), and an
// unpaired UTF-16 surrogate cannot be written as UTF-8 at all (it would silently become U+FFFD).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True for a string that holds NUL or an unpaired surrogate. */
export const hasUnstorableText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

/**
 * Every string the API accepts, from a body, a path or a query string: the missing and wrong-type
 * errors name the field, and NUL or an unpaired surrogate is refused with a 400 naming it.
 */
export const text = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a string`) })
    .refine((value) => !hasUnstorableText(value), `${label} contains a character that is not allowed`);

/** The id of a catalogue row (a debt type, a goal): a whole number that fits the int4 column. */
export const intId = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(INT4_MAX, `${label} is not a valid id`);

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

/** The version a client read, sent back with an edit: a stale one is a 409 (issue 11). */
export const versionField = () =>
  z
    .number({ error: (i) => (i.input === undefined ? 'Version is required' : 'Version must be a number') })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(INT4_MAX, 'Version is too large');

/**
 * Line breaks and other control characters (C0 and C1) have no place in a one-line name (it can
 * become a mail subject). NUL is left to text(), which refuses it with its own message.
 */
export const hasControlCharacter = (value: string) => /\p{Cc}/u.test(value.replaceAll('\u0000', ''));

/** A one-line name: trimmed, 1 to `max` characters, no control characters. */
export const oneLineName = (label: string, max: number) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), `${label} can not contain line breaks or control characters`);

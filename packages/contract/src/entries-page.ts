import { z } from 'zod';
import { text } from './fields.ts';

/**
 * The query of every ledger read a page at a time (the emergency fund's, a goal's, the Nest's).
 * A file of its own so a feature's contract can use it without another feature's (the dashboard
 * loads the Nest's schemas on every page for the side menu; e2e/specs/performance.spec.ts).
 */

export const ENTRIES_PAGE_DEFAULT = 20;
export const ENTRIES_PAGE_MAX = 100;

/** Newest first (by date, then by when it was recorded), a page at a time. */
export const entriesPageQuery = z.object({
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(ENTRIES_PAGE_MAX, `Limit must be at most ${ENTRIES_PAGE_MAX}`)
    .default(ENTRIES_PAGE_DEFAULT),
});

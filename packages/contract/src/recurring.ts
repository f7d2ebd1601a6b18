import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';
import { accountIdField, CATEGORY_MAX } from './wallet.ts';

/**
 * Money that comes and goes on a schedule (`v1/recurring`, issue 30 item 1): income, bills,
 * subscriptions and transfers, made by hand or found in the history and confirmed. Amounts are dollars
 * on the wire and always positive here: the kind says which way the money goes (income comes into
 * `account_id`; a bill or a subscription goes out of it; a transfer goes out of it into
 * `to_account_id`). The cadence math is `@helo/finance/recurring`.
 */

export const RECURRING_KINDS = ['income', 'bill', 'subscription', 'transfer'] as const;
export type RecurringKind = (typeof RECURRING_KINDS)[number];
export const RECURRING_NAME_MAX = 80;
/** At most this many series per user. */
export const MAX_RECURRING = 200;
/** The bills calendar's window (GET /v1/recurring/calendar): at most this many days. */
export const CALENDAR_DAYS_MAX = 92;
/** What the bills page shows ahead of today. */
export const BILLS_DAYS_AHEAD = 60;

const monthDay = (label: string) =>
  z
    .number({ error: `${label} must be a day of the month (1 to 31)` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be between 1 and 31`)
    .max(31, `${label} must be between 1 and 31`);

/**
 * When a series falls due. `week`, `two_weeks` and `year` count from `start_date`; `month` falls on
 * `day` (a day past the month's end falls on its last day) or on the last day; `twice_month` on two
 * days (the same rule for 29–31).
 */
export const cadence = z.discriminatedUnion(
  'every',
  [
    z.object({ every: z.literal('week') }),
    z.object({ every: z.literal('two_weeks') }),
    z
      .object({ every: z.literal('twice_month'), days: z.tuple([monthDay('First day'), monthDay('Second day')]) })
      .refine((c) => c.days[0] < c.days[1], { path: ['days', 1], message: 'Second day must be after the first day' }),
    z.object({ every: z.literal('month'), day: z.union([monthDay('Day'), z.literal('last')]) }),
    z.object({ every: z.literal('year') }),
  ],
  { error: 'Choose week, two_weeks, twice_month, month or year' },
);
export type Cadence = z.infer<typeof cadence>;
export type CadenceBody = z.input<typeof cadence>;

const categoryField = text('Category')
  .trim()
  .min(1, 'Category is required')
  .max(CATEGORY_MAX, `Category can be at most ${CATEGORY_MAX} characters`);

const seriesFields = {
  name: oneLineName('Name', RECURRING_NAME_MAX),
  kind: z.enum(RECURRING_KINDS, { error: 'Choose income, bill, subscription or transfer' }),
  cadence,
  /** The amount each time (varying: the typical amount). */
  amount: dollarAmount('Amount'),
  /** The amount changes from one time to the next (a utility bill, an hourly paycheck). */
  amount_varies: z.boolean({ error: 'Amount varies must be true or false' }).default(false),
  account_id: accountIdField(),
  /** `transfer` only: the account the money goes to. */
  to_account_id: accountIdField().nullable().default(null),
  /** A budget category for bills and subscriptions; null for income and transfers, or uncategorized. */
  category: categoryField.nullable().default(null),
  start_date: calendarDay('Start date'),
  end_date: calendarDay('End date').nullable().default(null),
  /** `income` only: the Money Nest records it and splits it by its rules on the day it arrives. */
  through_nest: z.boolean({ error: 'Through the Nest must be true or false' }).default(false),
  /** `through_nest` only: recorded on its date even when no bank row arrives ("record it for me"). */
  record_for_me: z.boolean({ error: 'Record it for me must be true or false' }).default(false),
};

/** POST /v1/recurring. The server checks the accounts are the user's, and the fields' combinations. */
export const recurringBody = z.object(seriesFields);
export type RecurringBody = z.input<typeof recurringBody>;
/** PUT /v1/recurring/{id}: the whole series, from the version read. */
export const recurringUpdateBody = z.object({ ...seriesFields, version: versionField() });
export type RecurringUpdateBody = z.input<typeof recurringUpdateBody>;
export const recurringParams = z.object({ id: text('Series id').max(64) });
export const suggestionParams = z.object({ id: text('Suggestion id').max(200) });

/** A real transaction matched to a series. */
export const seriesPayment = z.object({ transaction_id: z.string(), date: z.string(), amount: dollars() });
export type SeriesPayment = z.infer<typeof seriesPayment>;

/** The last change of a series' amount seen in its payments (a subscription from $15.49 to $17.99). */
export const priceChange = z.object({ date: z.string(), from: dollars(), to: dollars() });
export type PriceChange = z.infer<typeof priceChange>;

export const recurringSeries = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  cadence,
  amount: dollars(),
  amount_varies: z.boolean(),
  account_id: z.string(),
  to_account_id: z.string().nullable(),
  category: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  through_nest: z.boolean(),
  record_for_me: z.boolean(),
  /** The next date it falls due on or after today (null: ended). */
  next_date: z.string().nullable(),
  /** The newest payments matched to it, newest first (at most 12). */
  payments: z.array(seriesPayment),
  price_change: priceChange.nullable(),
  version: z.number().int(),
  created_at: z.string(),
});
export type RecurringSeries = z.infer<typeof recurringSeries>;
export const recurringListResponse = envelope(z.array(recurringSeries));
export const recurringResponse = envelope(recurringSeries);

/** A series found in the history, for the user to confirm or dismiss. `id` is stable across reads. */
export const recurringSuggestion = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  cadence,
  amount: dollars(),
  amount_varies: z.boolean(),
  account_id: z.string(),
  category: z.string().nullable(),
  /** The transactions it was found in, oldest first (at least three). */
  occurrences: z.array(seriesPayment),
  next_date: z.string().nullable(),
  price_change: priceChange.nullable(),
});
export type RecurringSuggestion = z.infer<typeof recurringSuggestion>;
export const recurringSuggestionsResponse = envelope(z.array(recurringSuggestion));

/** POST /v1/recurring/suggestions/{id}/accept: what the user changed before confirming (all optional). */
export const acceptSuggestionBody = z.object({
  name: oneLineName('Name', RECURRING_NAME_MAX).optional(),
  kind: z.enum(RECURRING_KINDS, { error: 'Choose income, bill, subscription or transfer' }).optional(),
  category: categoryField.nullable().optional(),
  through_nest: z.boolean({ error: 'Through the Nest must be true or false' }).optional(),
  record_for_me: z.boolean({ error: 'Record it for me must be true or false' }).optional(),
});
export type AcceptSuggestionBody = z.input<typeof acceptSuggestionBody>;

/** GET /v1/recurring/calendar?from=&to= (both included, at most 92 days; default today to today + 60). */
export const calendarQuery = z.object({
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
});

/** One time a series falls due, in the calendar. */
export const occurrence = z.object({
  series_id: z.string(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  /** The due date. */
  date: z.string(),
  /** Signed as seen from `account_id`: income positive, bills, subscriptions and transfers negative. */
  amount: dollars(),
  account_id: z.string(),
  category: z.string().nullable(),
  /** A real transaction has been matched to this due date. */
  paid: z.boolean(),
  transaction_id: z.string().nullable(),
});
export type Occurrence = z.infer<typeof occurrence>;
export const calendarResponse = envelope(
  z.object({ from: z.string(), to: z.string(), occurrences: z.array(occurrence) }),
);

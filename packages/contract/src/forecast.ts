import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

/**
 * The balance forecast (`GET /v1/forecast?days=90`, issue 30 item 4): each account's and the total's
 * balance at the end of every day of the next `days` days, that day's expected events, and the lowest
 * balance before the next payday. Dollars on the wire. The math is `@helo/finance/forecast`.
 */

export const FORECAST_DAYS_MAX = 90;
export const FORECAST_DAYS_DEFAULT = 90;
/** An account forecast below its floor on a day this close is an alert. */
export const FORECAST_ALERT_DAYS = 45;

export const forecastQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(FORECAST_DAYS_MAX, `Days must be at most ${FORECAST_DAYS_MAX}`)
    .default(FORECAST_DAYS_DEFAULT),
});

export const FORECAST_EVENT_KINDS = [
  'income',
  'bill',
  'subscription',
  'transfer',
  'nest',
  'loan_payment',
  'budget',
] as const;

export const forecastEvent = z.object({
  account_id: z.string(),
  kind: z.enum(FORECAST_EVENT_KINDS),
  label: z.string(),
  /** Signed as seen from the account: money in positive. */
  amount: dollars(),
});
export type ForecastEvent = z.infer<typeof forecastEvent>;

export const forecastDay = z.object({
  date: z.string(),
  /** Each account's balance at the end of the day, by account id. */
  balances: z.record(z.string(), dollars()),
  total: dollars(),
  events: z.array(forecastEvent),
});
export type ForecastDay = z.infer<typeof forecastDay>;

export const lowestBalance = z.object({ amount: dollars(), date: z.string() });
export type LowestBalance = z.infer<typeof lowestBalance>;

export const forecastAccount = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** Today's balance. */
  balance: dollars(),
  /** The alert's floor for this account (its own, else the user's; Loan payments $0); null for a credit card (never alerted). */
  floor: dollars().nullable(),
  lowest_before_payday: lowestBalance,
  /** The first day of the next 45 forecast below the floor, if any. */
  first_dip: lowestBalance.nullable(),
});
export type ForecastAccount = z.infer<typeof forecastAccount>;

export const forecast = z.object({
  today: z.string(),
  /** The next income expected after today; null when none is in the window. */
  next_payday: z.string().nullable(),
  total: dollars(),
  accounts: z.array(forecastAccount),
  lowest_before_payday: lowestBalance,
  days: z.array(forecastDay),
  /** The floor below which an account's forecast is an alert (0: below $0). */
  floor: dollars(),
});
export type Forecast = z.infer<typeof forecast>;
export const forecastResponse = envelope(forecast);

/** PUT /v1/forecast/settings: the user's floor, and optionally one per account (null: back to the user's). */
export const forecastSettingsBody = z.object({
  floor: dollarAmount('Floor'),
  account_floors: z
    .array(z.object({ account_id: text('Account').max(64), floor: dollarAmount('Floor').nullable() }))
    .max(50, 'At most 50 account floors')
    .default([]),
});
export type ForecastSettingsBody = z.input<typeof forecastSettingsBody>;
export const forecastSettings = z.object({
  floor: dollars(),
  account_floors: z.array(z.object({ account_id: z.string(), floor: dollars() })),
});
export const forecastSettingsResponse = envelope(forecastSettings);

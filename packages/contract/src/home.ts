import { z } from 'zod';
import { envelope } from './envelope.ts';
import { dollars } from './money.ts';
import { notification } from './notifications.ts';

/**
 * `GET /v1/home` (issue 17; decisions.md "Home"): every area's headline figures in one answer, so
 * `/dashboard/home` makes one request, not one per card. An area the user has not set up is `null`
 * and its card invites to the area's setup route instead. Every figure is the one the area's own
 * page shows (the same service functions compute both).
 */

export const homeNetWorth = z.object({
  /**
   * What the user owns minus what they owe. The Nest's shares for the fund, goals and investment
   * accounts are already in those areas, so only the Nest's own buckets (the Wallet, Loan payments)
   * are added: nothing is counted twice.
   */
  total: dollars(),
  investments: dollars(),
  emergency_fund: dollars(),
  goals: dollars(),
  /** The Wallet's balance plus the Nest's Loan payments bucket (0 when the Nest is not active). */
  nest_and_wallet: dollars(),
  debts: dollars(),
});

export const homeDebts = z.object({
  count: z.number().int(),
  total_balance: dollars(),
  monthly_payments: dollars(),
  /** The loan due soonest (today or later); null when no loan has a balance left. */
  next_payment: z.object({ debt_name: z.string(), amount: dollars(), date: z.string() }).nullable(),
});

export const homeEmergencyFund = z.object({
  saved: dollars(),
  /** The 3-month target and the 6-month one (the fund's page's range). */
  target_low: dollars(),
  target_high: dollars(),
  progress_percent: z.number(),
});

export const homeGoals = z.object({
  count: z.number().int(),
  saved: dollars(),
  target: dollars(),
  /** All goals' saved ÷ all goals' targets, percent with two decimals, at most 100. */
  progress_percent: z.number(),
  /** Goals behind their plan (the goals page's "Behind"). */
  behind_count: z.number().int(),
});

export const homeBudget = z.object({
  /** This month in New York, YYYY-MM. */
  month: z.string(),
  net_income: dollars(),
  planned: dollars(),
  /** Spending filed in the Wallet this month; null when the Wallet is not active (nothing to count). */
  spent: dollars().nullable(),
  /** planned − spent (negative when over); null with `spent`. */
  left: dollars().nullable(),
});

export const homeInvestments = z.object({
  account_count: z.number().int(),
  total_balance: dollars(),
  retirement_age: z.number().int(),
  /** The projection's monthly income at retirement, in today's money (the investments page's figure). */
  monthly_retirement_income: dollars(),
});

export const homeNest = z.object({
  /** The Nest's Loan payments bucket: money set aside for the loans. */
  loan_payments: dollars(),
  /** Income recorded in the Nest this month (New York), net of reversals. */
  income_this_month: dollars(),
});

export const homeWallet = z.object({
  balance: dollars(),
  /** Money out this month (a positive number). */
  spent_this_month: dollars(),
});

export const home = z.object({
  first_name: z.string(),
  /** Null until at least one area has money in it (nothing to add up). */
  net_worth: homeNetWorth.nullable(),
  debts: homeDebts.nullable(),
  emergency_fund: homeEmergencyFund.nullable(),
  goals: homeGoals.nullable(),
  budget: homeBudget.nullable(),
  investments: homeInvestments.nullable(),
  /** Null until the Money Nest (and with it the Wallet) is activated. */
  nest: homeNest.nullable(),
  wallet: homeWallet.nullable(),
  vault: z.object({ active: z.boolean(), file_count: z.number().int() }),
  notifications: z.object({ unread_count: z.number().int(), latest: z.array(notification).max(3) }),
});
export type Home = z.infer<typeof home>;
export const homeResponse = envelope(home);

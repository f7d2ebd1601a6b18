import { NEST_BUCKETS } from '@helo/finance/allocation';
import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { entriesPageQuery } from './entries-page.ts';
import { envelope } from './envelope.ts';
import { oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

/**
 * The Money Nest (`v1/nest`, issue 15; decisions.md "Money Nest"): activation (with My Wallet),
 * the allocation rules, income recorded as deposits and split by the rules, and the ledger that
 * every bucket's balance is the sum of. No real money moves.
 */

export { NEST_BUCKETS };
export type NestBucket = (typeof NEST_BUCKETS)[number];
export const RULE_KINDS = ['percent', 'fixed'] as const;
/** More rules than buckets a person could want, fewer than a form can show. */
export const MAX_NEST_RULES = 20;
export const DEPOSIT_SOURCE_MAX = 80;
/** `loan_pull`: a loan's payment set aside from the Wallet on a payday; `interest`: the loan bucket's monthly interest (issue 30). */
export const NEST_ENTRY_KINDS = ['allocation', 'reversal', 'loan_payment', 'loan_pull', 'interest'] as const;

const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`;

/**
 * One rule as the editor sends it. `value` is a percent (0.01–100, two decimals) for a percent
 * rule and dollars for a fixed one; `target_id` names the goal or the investment account for those
 * buckets and is left out for the others (the server checks both, and that the target is the user's).
 */
export const nestRuleBody = z.object({
  bucket: z.enum(NEST_BUCKETS, { error: 'Bucket must be wallet, loans, emergency_fund, goal or investment' }),
  target_id: text('Target').max(64).nullish(),
  kind: z.enum(RULE_KINDS, { error: 'Kind must be percent or fixed' }),
  value: z.number({ error: numberError('Value') }),
});

/** PUT /v1/nest/allocation: the whole list in order, from the version read. */
export const nestAllocationBody = z.object({
  rules: z
    .array(nestRuleBody, { error: 'Rules must be a list' })
    .max(MAX_NEST_RULES, `You can have at most ${MAX_NEST_RULES} rules`),
  version: versionField(),
});
export type NestAllocationBody = z.input<typeof nestAllocationBody>;

/** POST /v1/nest/deposits: income as it arrives. */
export const nestDepositBody = z.object({
  // At least a cent once converted: 5e-324 is above 0 yet converts to 0 cents.
  amount: dollarAmount('Amount').refine((v) => Math.round(v * 100) >= 1, 'Amount must be more than $0'),
  date: calendarDay('Date'),
  source: oneLineName('Source', DEPOSIT_SOURCE_MAX),
});
export type NestDepositBody = z.input<typeof nestDepositBody>;

export const nestDepositParams = z.object({ id: text('Deposit id').max(64) });

export const nestRule = z.object({
  id: z.string(),
  bucket: z.enum(NEST_BUCKETS),
  target_id: z.string().nullable(),
  /** The goal's or the account's name, for the editor's list. */
  target_name: z.string().nullable(),
  kind: z.enum(RULE_KINDS),
  /** A percent for a percent rule, dollars for a fixed one. */
  value: z.number(),
});
export type NestRule = z.infer<typeof nestRule>;

export const nestBucketBalance = z.object({
  bucket: z.enum(NEST_BUCKETS),
  target_id: z.string().nullable(),
  /** 'Wallet', 'Loan payments', 'Emergency fund', the goal's or the account's name. */
  name: z.string(),
  /** The sum of the bucket's entries. */
  balance: dollars(),
});

export const nestShare = z.object({
  bucket: z.enum(NEST_BUCKETS),
  target_id: z.string().nullable(),
  name: z.string(),
  amount: dollars(),
});

export const nestDeposit = z.object({
  id: z.string(),
  amount: dollars(),
  date: z.string(),
  source: z.string(),
  /** How the deposit was split, in the rules' order, the Wallet's rest last. */
  shares: z.array(nestShare),
  reversed_at: z.string().nullable(),
  created_at: z.string(),
});
export type NestDeposit = z.infer<typeof nestDeposit>;

export const nest = z.object({
  active: z.boolean(),
  activated_at: z.string().nullable(),
  /** Sent back with PUT /allocation. */
  rules_version: z.number().int(),
  rules: z.array(nestRule),
  /** Every bucket that has a rule or an entry: Wallet and Loan payments always, once active. */
  buckets: z.array(nestBucketBalance),
  /** The latest deposits, newest first. */
  deposits: z.array(nestDeposit),
});
export type Nest = z.infer<typeof nest>;
export const nestResponse = envelope(nest);
export const nestDepositResponse = envelope(z.object({ deposit: nestDeposit, nest }));

export const nestEntry = z.object({
  id: z.string(),
  kind: z.enum(NEST_ENTRY_KINDS),
  bucket: z.enum(NEST_BUCKETS),
  target_id: z.string().nullable(),
  name: z.string(),
  /** Positive into the bucket, negative out of it. */
  amount: dollars(),
  date: z.string(),
  deposit_id: z.string().nullable(),
  created_at: z.string(),
});
export type NestEntry = z.infer<typeof nestEntry>;

/** GET /v1/nest/entries: the ledger, newest first, a page at a time (the ledgers' one paging). */
export const nestEntriesQuery = entriesPageQuery;
export const nestEntriesResponse = envelope(z.array(nestEntry)).extend({ next_cursor: z.string().nullable() });

import { z } from 'zod';
import { envelope } from './envelope.ts';
import { oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';
import { accountIdField, CATEGORY_MAX, PAYEE_MAX } from './wallet.ts';

/**
 * My Wallet's rules (`v1/rules`, issue 29 item 1; decisions.md "Rules: order and what wins"): ordered
 * conditions (all must hold) and actions, run on hand entry, imports and syncs, previewed before they
 * are saved, and applied to past transactions on request with one undo. The engine is
 * `@helo/finance/rules`; this file is its wire form (dollars, snake case).
 */

export const MAX_RULES = 500;
export const MAX_RULE_CONDITIONS = 10;
export const MAX_RULE_ACTIONS = 10;
export const RULE_NAME_MAX = 80;
export const RULE_TEXT_MAX = 100;
export const TAG_MAX = 40;
export const SPLIT_PARTS_MAX = 10;
/** How many of the transactions a preview would change it lists (it counts them all). */
export const RULE_PREVIEW_LIMIT = 50;

const needle = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .max(RULE_TEXT_MAX, `${label} can be at most ${RULE_TEXT_MAX} characters`);
const categoryName = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .max(CATEGORY_MAX, `${label} can be at most ${CATEGORY_MAX} characters`);

export const ruleCondition = z.discriminatedUnion(
  'field',
  [
    z.object({
      field: z.literal('payee'),
      op: z.enum(['contains', 'starts_with', 'equals'], { error: 'Choose contains, starts with or equals' }),
      value: needle('Payee'),
    }),
    z.object({
      field: z.literal('original_description'),
      op: z.enum(['contains', 'equals'], { error: 'Choose contains or equals' }),
      value: needle('Bank description'),
    }),
    z
      .object({
        field: z.literal('amount'),
        op: z.enum(['equals', 'between', 'money_in', 'money_out'], {
          error: 'Choose equals, between, money in or money out',
        }),
        /** `equals`: the amount's size (money in and out alike). */
        value: dollarAmount('Amount').optional(),
        /** `between`: both ends included. */
        min: dollarAmount('From').optional(),
        max: dollarAmount('To').optional(),
      })
      .superRefine((c, ctx) => {
        if (c.op === 'equals' && c.value === undefined) {
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Amount is required' });
        }
        if (c.op === 'between') {
          if (c.min === undefined) ctx.addIssue({ code: 'custom', path: ['min'], message: 'From is required' });
          if (c.max === undefined) ctx.addIssue({ code: 'custom', path: ['max'], message: 'To is required' });
          if (c.min !== undefined && c.max !== undefined && c.min > c.max) {
            ctx.addIssue({ code: 'custom', path: ['max'], message: 'To must be at least From' });
          }
        }
      }),
    z.object({ field: z.literal('account'), op: z.literal('is'), account_id: accountIdField() }),
    z.object({ field: z.literal('bank_category'), op: z.literal('equals'), value: needle('Bank category') }),
  ],
  { error: 'Choose payee, original_description, amount, account or bank_category' },
);
export type RuleConditionBody = z.input<typeof ruleCondition>;

const splitPart = z.object({
  category: categoryName('Category'),
  /** `by: 'amounts'`: this part's amount. */
  amount: dollarAmount('Amount').optional(),
  /** `by: 'percentages'`: this part's share (at most two decimals). */
  percent: z
    .number({ error: 'Percent must be a number' })
    .min(0, 'Percent cannot be negative')
    .max(100, 'Percent cannot be more than 100')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Percent can have at most two decimals')
    .optional(),
});

export const ruleAction = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('set_category'), category: categoryName('Category') }),
    z.object({ type: z.literal('rename_payee'), payee: oneLineName('Payee', PAYEE_MAX) }),
    z.object({
      type: z.literal('add_tag'),
      tag: oneLineName('Tag', TAG_MAX),
    }),
    z.object({ type: z.literal('transfer'), account_id: accountIdField() }),
    z
      .object({
        type: z.literal('split'),
        by: z.enum(['amounts', 'percentages'], { error: 'Choose amounts or percentages' }),
        parts: z
          .array(splitPart, { error: 'Parts must be a list' })
          .min(1, 'A split needs at least one part')
          .max(SPLIT_PARTS_MAX, `A split can have at most ${SPLIT_PARTS_MAX} parts`),
        /** `by: 'amounts'`: the category of what the parts leave. */
        rest_category: categoryName('Rest category').optional(),
      })
      .superRefine((a, ctx) => {
        if (a.by === 'amounts') {
          a.parts.forEach((p, i) => {
            if (p.amount === undefined) {
              ctx.addIssue({ code: 'custom', path: ['parts', i, 'amount'], message: 'Amount is required' });
            }
          });
          if (a.rest_category === undefined) {
            ctx.addIssue({ code: 'custom', path: ['rest_category'], message: 'Rest category is required' });
          }
        } else {
          a.parts.forEach((p, i) => {
            if (p.percent === undefined) {
              ctx.addIssue({ code: 'custom', path: ['parts', i, 'percent'], message: 'Percent is required' });
            }
          });
          const total = a.parts.reduce((s, p) => s + Math.round((p.percent ?? 0) * 100), 0);
          if (a.parts.every((p) => p.percent !== undefined) && total !== 10_000) {
            ctx.addIssue({ code: 'custom', path: ['parts'], message: 'The percentages must add up to 100' });
          }
        }
      }),
  ],
  { error: 'Choose set_category, rename_payee, add_tag, transfer or split' },
);
export type RuleActionBody = z.input<typeof ruleAction>;

/** POST /v1/rules and POST /v1/rules/preview: a rule (the preview's name may be left out). */
export const ruleBody = z.object({
  name: oneLineName('Name', RULE_NAME_MAX),
  conditions: z
    .array(ruleCondition, { error: 'Conditions must be a list' })
    .min(1, 'A rule needs at least one condition')
    .max(MAX_RULE_CONDITIONS, `A rule can have at most ${MAX_RULE_CONDITIONS} conditions`),
  actions: z
    .array(ruleAction, { error: 'Actions must be a list' })
    .min(1, 'A rule needs at least one action')
    .max(MAX_RULE_ACTIONS, `A rule can have at most ${MAX_RULE_ACTIONS} actions`),
});
export type RuleBody = z.input<typeof ruleBody>;

export const rulePreviewBody = ruleBody.extend({ name: oneLineName('Name', RULE_NAME_MAX).optional() });
export type RulePreviewBody = z.input<typeof rulePreviewBody>;

/** PUT /v1/rules/{id}: the whole rule, from the version read. */
export const ruleUpdateBody = ruleBody.extend({ version: versionField() });
export type RuleUpdateBody = z.input<typeof ruleUpdateBody>;

/** POST /v1/rules/order: every one of the user's rules' ids, in the new order. */
export const ruleOrderBody = z.object({
  ids: z.array(text('Rule id').max(64), { error: 'Ids must be a list' }).max(MAX_RULES, `At most ${MAX_RULES} rules`),
});
export type RuleOrderBody = z.input<typeof ruleOrderBody>;

export const ruleParams = z.object({ id: text('Rule id').max(64) });
export const ruleApplicationParams = z.object({ id: text('Application id').max(64) });

export const rule = z.object({
  id: z.string(),
  name: z.string(),
  /** Its place in the user's order, from 1. */
  position: z.number().int(),
  conditions: z.array(ruleCondition),
  actions: z.array(ruleAction),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WalletRule = z.infer<typeof rule>;
export const rulesResponse = envelope(z.array(rule));
export const ruleResponse = envelope(rule);

/** A past transaction a rule would change: as it is, and what the rule would make of it. */
export const ruleMatch = z.object({
  id: z.string(),
  account_id: z.string(),
  date: z.string(),
  payee: z.string(),
  amount: dollars(),
  category: z.string(),
  new_payee: z.string().nullable(),
  new_category: z.string().nullable(),
  /** The account it would become a transfer to. */
  transfer_to: z.string().nullable(),
  split: z.array(z.object({ category: z.string(), amount: dollars() })).nullable(),
  tags_added: z.array(z.string()),
});
export type RuleMatch = z.infer<typeof ruleMatch>;
export const rulePreviewResponse = envelope(z.object({ count: z.number().int(), transactions: z.array(ruleMatch) }));
export type RulePreview = z.infer<typeof rulePreviewResponse>['data'];

export const ruleApplyResponse = envelope(z.object({ application_id: z.string(), changed: z.number().int() }));
export const ruleUndoResponse = envelope(z.object({ restored: z.number().int(), skipped: z.number().int() }));

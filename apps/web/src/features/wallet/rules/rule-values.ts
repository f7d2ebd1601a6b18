import type { RuleActionBody, RuleBody, RuleConditionBody, WalletRule } from '@helo/contract/rules';
import { RULE_NAME_MAX, SPLIT_PARTS_MAX } from '@helo/contract/rules';
import { z } from 'zod';
import { amountOf } from '../../../components/ui/currency-rules.ts';

/**
 * The rule dialog's form: each condition and action a row of a kind and its value(s), as the
 * selects and inputs hold them (strings); `ruleBodyOf` makes the contract's body of them.
 */
export const CONDITION_KINDS = [
  { value: 'payee_contains', text: 'Payee contains' },
  { value: 'payee_starts_with', text: 'Payee starts with' },
  { value: 'payee_equals', text: 'Payee is' },
  { value: 'bank_contains', text: 'Bank description contains' },
  { value: 'bank_equals', text: 'Bank description is' },
  { value: 'amount_equals', text: 'Amount is' },
  { value: 'amount_between', text: 'Amount between' },
  { value: 'money_in', text: 'Money in' },
  { value: 'money_out', text: 'Money out' },
  { value: 'account_is', text: 'Account is' },
  { value: 'bank_category', text: "Bank's category is" },
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number]['value'];

export const ACTION_KINDS = [
  { value: 'set_category', text: 'Set the category' },
  { value: 'rename_payee', text: 'Rename the payee' },
  { value: 'add_tag', text: 'Add a tag' },
  { value: 'transfer', text: 'Make it a transfer to' },
  { value: 'split', text: 'Split it' },
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number]['value'];

const conditionKinds = CONDITION_KINDS.map((k) => k.value) as [ConditionKind, ...ConditionKind[]];
const actionKinds = ACTION_KINDS.map((k) => k.value) as [ActionKind, ...ActionKind[]];

const conditionRow = z.object({ kind: z.enum(conditionKinds), value: z.string(), value2: z.string() });
export const SPLIT_BY = [
  { value: 'percentages', text: 'By percentages' },
  { value: 'amounts', text: 'By amounts' },
] as const;
const partRow = z.object({ category: z.string(), amount: z.string(), percent: z.string() });
/**
 * An action: its kind and its one value, or (a split) how the parts are counted, the parts (each a
 * category with an amount or a percent) and, by amounts, the category of the rest. The split's
 * fields are named as the contract's, so the server's `actions.1.parts.0.percent` finds its field.
 */
const actionRow = z.object({
  kind: z.enum(actionKinds),
  value: z.string(),
  by: z.enum(['percentages', 'amounts']),
  parts: z.array(partRow),
  rest_category: z.string(),
});
export type ConditionRow = z.infer<typeof conditionRow>;
export type ActionRow = z.infer<typeof actionRow>;
export type PartRow = z.infer<typeof partRow>;

export const blankPart = (): PartRow => ({ category: '', amount: '', percent: '' });
export const blankAction = (kind: ActionKind = 'set_category'): ActionRow => ({
  kind,
  value: '',
  by: 'percentages',
  parts: kind === 'split' ? [blankPart(), blankPart()] : [],
  rest_category: '',
});

/** A percent as typed ("70", "12.5 %"), or undefined when it is no number. */
export function percentOf(typed: string): number | undefined {
  const s = typed.replace(/[%\s]/g, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return undefined;
  return Number(s);
}

/** What the parts' percentages add up to, in hundredths of a percent (a blank one counts 0); null while one is unreadable. */
export function percentTotal(parts: readonly PartRow[]): number | null {
  let total = 0;
  for (const p of parts) {
    const percent = p.percent.trim() === '' ? 0 : percentOf(p.percent);
    if (percent === undefined) return null;
    total += Math.round(percent * 100);
  }
  return total;
}

const percentWords = (hundredths: number) => `${Number((hundredths / 100).toFixed(2))} %`;

/** The live line under a split by percentages: "Adds up to 100 %", "30 % left" or "10 % over". */
export function percentLine(parts: readonly PartRow[]): string {
  const total = percentTotal(parts);
  if (total === null) return 'Check the percentages: each is a number';
  if (total === 10_000) return 'Adds up to 100 %';
  return total < 10_000 ? `${percentWords(10_000 - total)} left` : `${percentWords(total - 10_000)} over 100 %`;
}

function splitIssues(r: ActionRow, ctx: z.RefinementCtx, i: number) {
  const at = (...path: (string | number)[]) => [i, ...path];
  if (r.parts.length === 0) ctx.addIssue({ code: 'custom', path: at('parts'), message: 'Add a part' });
  if (r.parts.length > SPLIT_PARTS_MAX) {
    ctx.addIssue({ code: 'custom', path: at('parts'), message: `A split can have at most ${SPLIT_PARTS_MAX} parts` });
  }
  r.parts.forEach((p, j) => {
    if (p.category.trim() === '') {
      ctx.addIssue({ code: 'custom', path: at('parts', j, 'category'), message: 'Choose a category' });
    }
    if (r.by === 'amounts') {
      const amount = amountOf(p.amount);
      if (amount === undefined || !(amount > 0)) {
        ctx.addIssue({ code: 'custom', path: at('parts', j, 'amount'), message: 'Fill in an amount above $0' });
      }
    } else {
      const percent = percentOf(p.percent);
      if (percent === undefined || percent > 100) {
        ctx.addIssue({ code: 'custom', path: at('parts', j, 'percent'), message: 'Fill in a percent up to 100' });
      } else if (Math.abs(Math.round(percent * 100) - percent * 100) > 1e-6) {
        ctx.addIssue({ code: 'custom', path: at('parts', j, 'percent'), message: 'Use at most two decimals' });
      }
    }
  });
  if (r.by === 'amounts' && r.rest_category.trim() === '') {
    ctx.addIssue({ code: 'custom', path: at('rest_category'), message: 'Choose the category of the rest' });
  }
  if (r.by === 'percentages' && r.parts.length > 0 && percentTotal(r.parts) !== 10_000) {
    ctx.addIssue({ code: 'custom', path: at('parts'), message: 'The percentages must add up to 100' });
  }
}

/** Kinds that need no value (the direction of the money). */
export const valueless = (kind: ConditionKind) => kind === 'money_in' || kind === 'money_out';

export const ruleForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(RULE_NAME_MAX, `Name can be at most ${RULE_NAME_MAX} characters`),
  conditions: z
    .array(conditionRow)
    .min(1, 'A rule needs at least one condition')
    .superRefine((rows, ctx) => {
      rows.forEach((r, i) => {
        if (!valueless(r.kind) && r.value.trim() === '') {
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'Fill in the condition' });
        }
        if (r.kind === 'amount_between' && r.value2.trim() === '') {
          ctx.addIssue({ code: 'custom', path: [i, 'value2'], message: 'Fill in the upper amount' });
        }
      });
    }),
  actions: z
    .array(actionRow)
    .min(1, 'A rule needs at least one action')
    .superRefine((rows, ctx) => {
      rows.forEach((r, i) => {
        if (r.kind === 'split') splitIssues(r, ctx, i);
        else if (r.value.trim() === '')
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'Fill in the action' });
      });
    }),
});
export type RuleValues = z.input<typeof ruleForm>;

export const blankRule = (): RuleValues => ({
  name: '',
  conditions: [{ kind: 'payee_contains', value: '', value2: '' }],
  actions: [blankAction()],
});

const amount = (s: string) => Number(s.replace(/[$,\s]/g, ''));

function conditionBody(r: ConditionRow): RuleConditionBody {
  const value = r.value.trim();
  switch (r.kind) {
    case 'payee_contains':
      return { field: 'payee', op: 'contains', value };
    case 'payee_starts_with':
      return { field: 'payee', op: 'starts_with', value };
    case 'payee_equals':
      return { field: 'payee', op: 'equals', value };
    case 'bank_contains':
      return { field: 'original_description', op: 'contains', value };
    case 'bank_equals':
      return { field: 'original_description', op: 'equals', value };
    case 'amount_equals':
      return { field: 'amount', op: 'equals', value: amount(value) };
    case 'amount_between':
      return { field: 'amount', op: 'between', min: amount(value), max: amount(r.value2) };
    case 'money_in':
      return { field: 'amount', op: 'money_in' };
    case 'money_out':
      return { field: 'amount', op: 'money_out' };
    case 'account_is':
      return { field: 'account', op: 'is', account_id: value };
    case 'bank_category':
      return { field: 'bank_category', op: 'equals', value };
  }
}

function actionBody(r: ActionRow): RuleActionBody {
  const value = r.value.trim();
  if (r.kind === 'set_category') return { type: 'set_category', category: value };
  if (r.kind === 'rename_payee') return { type: 'rename_payee', payee: value };
  if (r.kind === 'add_tag') return { type: 'add_tag', tag: value };
  if (r.kind === 'transfer') return { type: 'transfer', account_id: value };
  if (r.by === 'amounts') {
    return {
      type: 'split',
      by: 'amounts',
      parts: r.parts.map((p) => ({ category: p.category, amount: amountOf(p.amount) ?? Number.NaN })),
      rest_category: r.rest_category,
    };
  }
  return {
    type: 'split',
    by: 'percentages',
    parts: r.parts.map((p) => ({ category: p.category, percent: percentOf(p.percent) ?? Number.NaN })),
  };
}

/**
 * The form's field of a server error's path (`actions.1.category` is the row's `value`), or undefined
 * for one no control shows (it becomes the form's message).
 */
export function rulePathOf(path: string): string | undefined {
  if (path === 'name') return path;
  const row = /^(conditions|actions)\.(\d+)\.(.+)$/.exec(path);
  if (!row) return undefined;
  const [, list, i, rest = ''] = row;
  const at = (field: string) => `${list}.${i}.${field}`;
  if (list === 'conditions') {
    if (rest === 'field' || rest === 'op') return at('kind');
    if (rest === 'max') return at('value2');
    return ['value', 'min', 'account_id'].includes(rest) ? at('value') : undefined;
  }
  if (rest === 'type') return at('kind');
  if (['category', 'payee', 'tag', 'account_id'].includes(rest)) return at('value');
  if (rest === 'by' || rest === 'parts' || rest === 'rest_category') return at(rest);
  return /^parts\.\d+\.(category|amount|percent)$/.test(rest) ? at(rest) : undefined;
}

export function ruleBodyOf(values: z.output<typeof ruleForm>): RuleBody {
  return {
    name: values.name,
    conditions: values.conditions.map(conditionBody),
    actions: values.actions.map(actionBody),
  };
}

/** The preview's body for what the form holds now, or undefined while it is not complete. */
export function previewBodyOf(values: RuleValues) {
  const parsed = ruleForm.safeParse({ ...values, name: values.name || 'Preview' });
  if (!parsed.success) return undefined;
  const { conditions, actions } = ruleBodyOf(parsed.data);
  return { conditions, actions };
}

const dollarsText = (n: number | undefined) => (n === undefined ? '' : String(n));

type SavedCondition = WalletRule['conditions'][number];

function conditionRowOf(c: SavedCondition): ConditionRow {
  switch (c.field) {
    case 'payee':
      return { kind: `payee_${c.op}` as ConditionKind, value: c.value, value2: '' };
    case 'original_description':
      return { kind: `bank_${c.op}` as ConditionKind, value: c.value, value2: '' };
    case 'amount':
      if (c.op === 'between') return { kind: 'amount_between', value: dollarsText(c.min), value2: dollarsText(c.max) };
      if (c.op === 'equals') return { kind: 'amount_equals', value: dollarsText(c.value), value2: '' };
      return { kind: c.op, value: '', value2: '' };
    case 'account':
      return { kind: 'account_is', value: c.account_id, value2: '' };
    case 'bank_category':
      return { kind: 'bank_category', value: c.value, value2: '' };
  }
}

/** The form's rows of a saved rule. */
export function ruleValuesOf(rule: WalletRule): RuleValues {
  const conditions = rule.conditions.map(conditionRowOf);
  const actions = rule.actions.map((a): ActionRow => {
    const row = (kind: ActionKind, value: string) => ({ ...blankAction(kind), value });
    if (a.type === 'set_category') return row('set_category', a.category);
    if (a.type === 'rename_payee') return row('rename_payee', a.payee);
    if (a.type === 'add_tag') return row('add_tag', a.tag);
    if (a.type === 'transfer') return row('transfer', a.account_id);
    return {
      kind: 'split',
      value: '',
      by: a.by,
      parts: a.parts.map((p) => ({
        category: p.category,
        amount: dollarsText(p.amount),
        percent: p.percent === undefined ? '' : String(p.percent),
      })),
      rest_category: a.rest_category ?? '',
    };
  });
  return { name: rule.name, conditions, actions };
}

function conditionWords(c: SavedCondition, accountName: (id: string) => string): string {
  switch (c.field) {
    case 'payee':
      return `payee ${c.op.replace('_', ' ')} “${c.value}”`;
    case 'original_description':
      return `bank description ${c.op} “${c.value}”`;
    case 'amount':
      if (c.op === 'between') return `amount between $${c.min} and $${c.max}`;
      if (c.op === 'equals') return `amount is $${c.value}`;
      return c.op === 'money_in' ? 'money in' : 'money out';
    case 'account':
      return `in ${accountName(c.account_id)}`;
    case 'bank_category':
      return `bank's category is “${c.value}”`;
  }
}

/** A rule in words: "Payee contains 'trader joe' → Category: Groceries". */
export function ruleSummary(rule: WalletRule, accountName: (id: string) => string): string {
  const when = rule.conditions.map((c) => conditionWords(c, accountName)).join(' and ');
  const then = rule.actions
    .map((a) => {
      if (a.type === 'set_category') return `file under ${a.category}`;
      if (a.type === 'rename_payee') return `rename to “${a.payee}”`;
      if (a.type === 'add_tag') return `tag “${a.tag}”`;
      if (a.type === 'transfer') return `transfer to ${accountName(a.account_id)}`;
      if (a.by === 'percentages') return `split ${a.parts.map((p) => `${p.percent} % ${p.category}`).join(' / ')}`;
      return `split ${a.parts.map((p) => `$${p.amount} ${p.category}`).join(' / ')} / the rest ${a.rest_category}`;
    })
    .join(', ');
  return `When ${when}: ${then}`;
}

import type { RuleActionBody, RuleBody, RuleConditionBody, WalletRule } from '@helo/contract/rules';
import { RULE_NAME_MAX } from '@helo/contract/rules';
import { z } from 'zod';

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
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number]['value'];

const conditionKinds = CONDITION_KINDS.map((k) => k.value) as [ConditionKind, ...ConditionKind[]];
const actionKinds = ACTION_KINDS.map((k) => k.value) as [ActionKind, ...ActionKind[]];

const conditionRow = z.object({ kind: z.enum(conditionKinds), value: z.string(), value2: z.string() });
const actionRow = z.object({ kind: z.enum(actionKinds), value: z.string() });
export type ConditionRow = z.infer<typeof conditionRow>;
export type ActionRow = z.infer<typeof actionRow>;

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
        if (r.value.trim() === '') ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'Fill in the action' });
      });
    }),
});
export type RuleValues = z.input<typeof ruleForm>;

export const blankRule = (): RuleValues => ({
  name: '',
  conditions: [{ kind: 'payee_contains', value: '', value2: '' }],
  actions: [{ kind: 'set_category', value: '' }],
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
  return { type: 'transfer', account_id: value };
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

/** The form's rows of a saved rule (a split, which the form does not edit, is left out). */
export function ruleValuesOf(rule: WalletRule): RuleValues {
  const conditions = rule.conditions.map(conditionRowOf);
  const actions: ActionRow[] = rule.actions.flatMap((a): ActionRow[] => {
    if (a.type === 'set_category') return [{ kind: 'set_category', value: a.category }];
    if (a.type === 'rename_payee') return [{ kind: 'rename_payee', value: a.payee }];
    if (a.type === 'add_tag') return [{ kind: 'add_tag', value: a.tag }];
    if (a.type === 'transfer') return [{ kind: 'transfer', value: a.account_id }];
    return [];
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
      return `split ${a.parts.length + (a.by === 'amounts' ? 1 : 0)} ways`;
    })
    .join(', ');
  return `When ${when}: ${then}`;
}

import { type Nest, type NestAllocationBody, type NestBucket, nestAllocationBody } from '@helo/contract/nest';
import { allocateDeposit } from '@helo/finance/allocation';
import { asCents, type Cents, dollarsToCents } from '@helo/finance/cents';
import { amountOf, CHECK_AMOUNT, isAmountText } from '../../components/ui/currency-rules.ts';

/**
 * One row of the rules editor as typed. `target` is the bucket and, for a goal or an account, its
 * id in one value ('goal:<id>'), so a single list picks both; `value` is the field's text.
 */
export interface RuleRow {
  key: string;
  target: string;
  kind: 'percent' | 'fixed';
  value: string;
}

export const FIXED_BUCKET_NAMES: Record<Exclude<NestBucket, 'goal' | 'investment'>, string> = {
  wallet: 'Wallet',
  loans: 'Loan payments',
  emergency_fund: 'Emergency fund',
};

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export const targetOf = (bucket: NestBucket, targetId: string | null) =>
  targetId === null ? bucket : `${bucket}:${targetId}`;

function splitTarget(target: string): { bucket: string; target_id?: string } {
  const at = target.indexOf(':');
  return at < 0 ? { bucket: target } : { bucket: target.slice(0, at), target_id: target.slice(at + 1) };
}

/** The saved rules as rows of the editor. */
export const rowsOf = (rules: Nest['rules']): RuleRow[] =>
  rules.map((r) => ({
    key: newRowKey(),
    target: targetOf(r.bucket, r.target_id),
    kind: r.kind,
    value: String(r.value),
  }));

export const blankRow = (): RuleRow => ({ key: newRowKey(), target: '', kind: 'percent', value: '' });

const percentOf = (text: string) => {
  const value = text.trim().replace(/[%\s]/g, '');
  return value === '' ? undefined : Number(value);
};

/** The body as the contract reads it; an empty field is left out so its own message names it. */
export function allocationBodyOf(rows: readonly RuleRow[], version: number): NestAllocationBody {
  return {
    rules: rows.map((row) => {
      // A percent may be typed with its sign; an amount is the currency input's string (amountOf).
      const value = row.kind === 'fixed' ? amountOf(row.value) : percentOf(row.value);
      return {
        ...splitTarget(row.target),
        kind: row.kind,
        value: value as number,
      } as NestAllocationBody['rules'][number];
    }),
    version,
  };
}

/** Field errors keyed as the server names them ('rules.1.value', 'rules'): the form's own check. */
export function checkRows(rows: readonly RuleRow[], version: number): Record<string, string> {
  const body = allocationBodyOf(rows, version);
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (row.target === '') errors[`rules.${i}.bucket`] = 'Choose a bucket';
    if (row.kind === 'fixed' && !isAmountText(row.value)) errors[`rules.${i}.value`] = CHECK_AMOUNT;
  });
  const parsed = nestAllocationBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  const percentSum = body.rules.reduce(
    (sum, r) => sum + (r.kind === 'percent' && Number.isFinite(r.value) ? r.value : 0),
    0,
  );
  if (percentSum > 100 + 1e-9) errors.rules ??= 'The percentages add up to more than 100 %';
  return errors;
}

export interface PreviewShare {
  name: string;
  cents: Cents;
}

/**
 * How `amount` dollars would be split by the saved rules: the same allocateDeposit the server
 * runs, so the preview is what the deposit will be. Null while the amount is not a sum of money.
 */
export function previewSplit(rules: Nest['rules'], amount: string): PreviewShare[] | null {
  const dollars = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(dollars) || dollars <= 0 || dollars > 1e10) return null;
  try {
    // More than two decimals throws (MoneyError): no preview until the amount is one.
    const amountCents = dollarsToCents(dollars);
    if (amountCents < 1) return null;
    const { shares, restCents } = allocateDeposit({
      amountCents,
      rules: rules.map((r) =>
        r.kind === 'fixed' ? { kind: 'fixed', value: dollarsToCents(r.value) } : { kind: 'percent', value: r.value },
      ),
    });
    const named = rules.map((r, i) => ({ name: ruleName(r), cents: shares[i] ?? asCents(0) }));
    return [...named, { name: 'Wallet (the rest)', cents: restCents }];
  } catch {
    return null;
  }
}

export const ruleName = (rule: Nest['rules'][number]) =>
  rule.bucket === 'goal' || rule.bucket === 'investment'
    ? (rule.target_name ?? 'Deleted')
    : FIXED_BUCKET_NAMES[rule.bucket];

import { MAX_DOLLARS } from '@helo/contract/money';
import type { NestAllocationBody, NestRule } from '@helo/contract/nest';
import type { NestRuleRow } from '@helo/db/schema';
import type { AllocationRule } from '@helo/finance/allocation';
import { cents, centsToDollars } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { HttpError, invalidField } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { NewRule } from './nest.repository.ts';

const MAX_FIXED_CENTS = MAX_DOLLARS * 100;

/** The targets a rule may name: the user's goals and investment accounts by id, and whether there is a fund. */
export interface RuleTargets {
  goals: ReadonlyMap<string, string>;
  accounts: ReadonlyMap<string, string>;
  hasFund: boolean;
}

/**
 * The rules as stored, each field checked: targets that exist and are the user's, an emergency fund
 * that exists, no target twice, values in range, then the percentages adding up to at most 100 %.
 * Every bad field is named at once, as the form shows them.
 */
export function checkedRules(rules: NestAllocationBody['rules'], targets: RuleTargets): NewRule[] {
  const errors: FieldErrors = [];
  const seen = new Set<string>();
  let percentBasisPoints = 0;
  const checked = rules.map((rule, i): NewRule => {
    const refuse = (field: string, message: string) => errors.push({ path: `rules.${i}.${field}`, message });
    const sent = rule.target_id?.trim() || null;
    let target: string | null = null;
    if (rule.bucket === 'goal' || rule.bucket === 'investment') {
      const what = rule.bucket === 'goal' ? 'goal' : 'investment account';
      const names = rule.bucket === 'goal' ? targets.goals : targets.accounts;
      if (!sent) refuse('target_id', `Choose the ${what} this rule is for`);
      else if (!isUuid(sent) || !names.has(sent.toLowerCase())) refuse('target_id', `Choose one of your ${what}s`);
      else target = sent.toLowerCase();
    } else if (sent) {
      refuse('target_id', 'Only a goal or an investment rule names a target');
    }
    if (rule.bucket === 'emergency_fund' && !targets.hasFund) refuse('bucket', 'Set up your emergency fund first');
    const key = `${rule.bucket}|${target ?? ''}`;
    if (seen.has(key)) {
      if (target) refuse('target_id', 'This target already has a rule: change that one instead');
      else if (rule.bucket !== 'goal' && rule.bucket !== 'investment') {
        refuse('bucket', 'This bucket already has a rule: change that one instead');
      }
    }
    seen.add(key);
    const value = ruleValue(rule.kind, rule.value);
    if (typeof value === 'string') refuse('value', value);
    else if (rule.kind === 'percent') percentBasisPoints += value;
    const amount = typeof value === 'number' ? value : 1;
    return {
      bucket: rule.bucket,
      goalId: rule.bucket === 'goal' ? target : null,
      investmentAccountId: rule.bucket === 'investment' ? target : null,
      kind: rule.kind,
      percentBasisPoints: rule.kind === 'percent' ? amount : null,
      fixedCents: rule.kind === 'fixed' ? cents(amount) : null,
    };
  });
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  if (percentBasisPoints > 10_000) {
    throw invalidField(
      'rules',
      `The percentages add up to ${percentBasisPoints / 100} %: they can add up to 100 % at most`,
    );
  }
  return checked;
}

/**
 * A percent rule's basis points (0.01–100 %, two decimals), or a fixed rule's cents ($0.01 and up);
 * what is wrong with the value otherwise.
 */
function ruleValue(kind: 'percent' | 'fixed', value: number): number | string {
  const hundredths = Math.round(value * 100);
  const twoDecimals =
    Number.isFinite(value) && Math.abs(hundredths - value * 100) <= 1e-6 * Math.max(1, Math.abs(value));
  if (kind === 'percent') {
    if (!Number.isFinite(value) || value < 0.01 || value > 100) return 'A percentage must be between 0.01 and 100';
    if (!twoDecimals) return 'A percentage can have at most two decimals';
    return hundredths;
  }
  if (!Number.isFinite(value) || value < 0.01) return 'A fixed amount must be at least $0.01';
  if (value > MAX_DOLLARS) return `A fixed amount can be at most ${formatCents(MAX_FIXED_CENTS)}`;
  if (!twoDecimals) return 'A fixed amount can have at most two decimals (cents)';
  return hundredths;
}

export function allocationRuleOf(rule: NestRuleRow): AllocationRule {
  return rule.kind === 'fixed'
    ? { kind: 'fixed', value: rule.fixedCents ?? cents(0) }
    : { kind: 'percent', value: (rule.percentBasisPoints ?? 0) / 100 };
}

/** The id of the goal or account a rule names (null for the other buckets). */
export const targetIdOf = (rule: Pick<NestRuleRow, 'goalId' | 'investmentAccountId'>): string | null =>
  rule.goalId ?? rule.investmentAccountId;

export function ruleView(rule: NestRuleRow, targetName: string | null): NestRule {
  return {
    id: rule.id,
    bucket: rule.bucket,
    target_id: targetIdOf(rule),
    target_name: targetName,
    kind: rule.kind,
    value: rule.kind === 'percent' ? (rule.percentBasisPoints ?? 0) / 100 : centsToDollars(rule.fixedCents ?? cents(0)),
  };
}

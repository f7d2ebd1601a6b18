/**
 * My Wallet's rules (issue 29 item 1): what a transaction is, read off its bank row, and what a rule
 * makes of it. Pure: the API compiles the user's list once (`compileRules`) and runs it on every row of
 * an import, a sync, a hand entry or the past (`runRules`).
 *
 * Order (decisions.md "Rules: order and what wins"): the rules are taken in the user's order; every
 * condition of a rule must hold for it to match. For each single-valued action (category, payee,
 * transfer, split) the **first** matching rule that has that action decides it, so a later rule can
 * still rename a payee an earlier one filed, or add a tag. Tags accumulate from every matching rule
 * (each once, in the order met). Between the single-valued actions of the outcome: a transfer makes
 * the row a transfer (no category, no split), a split outranks a category.
 */
import type { Cents } from './cents.ts';
import { type SplitShare, splitCents } from './split.ts';

export type TextOp = 'contains' | 'starts_with' | 'equals';

export type RuleCondition =
  /** The payee as shown (a merchant's name), any case. */
  | { field: 'payee'; op: TextOp; value: string }
  /** The bank's own text of the transaction, any case. */
  | { field: 'original_description'; op: 'contains' | 'equals'; value: string }
  /** The amount's size (money in and out alike), in cents. */
  | { field: 'amount'; op: 'equals'; cents: number }
  /** The amount's size between both ends, both included, in cents. */
  | { field: 'amount'; op: 'between'; minCents: number; maxCents: number }
  | { field: 'amount'; op: 'money_in' | 'money_out' }
  | { field: 'account'; op: 'is'; accountId: string }
  /** The category the bank gave the row (a row without one never matches), any case. */
  | { field: 'bank_category'; op: 'equals'; value: string };

export interface SplitPart {
  category: string;
  /** `by: 'amounts'`: this part's size in cents. */
  cents?: number;
  /** `by: 'percentages'`: this part's share in hundredths of a percent (10,000 is the whole). */
  basisPoints?: number;
}

export type RuleAction =
  | { type: 'set_category'; category: string }
  | { type: 'rename_payee'; payee: string }
  | { type: 'add_tag'; tag: string }
  | { type: 'transfer'; accountId: string }
  /**
   * By amounts: each part takes its cents in order and `restCategory` what is left (a row smaller
   * than the parts is not split by this rule). By percentages: the parts' shares add up to 10,000
   * basis points and the cents are split exactly (`splitCents` of `@helo/finance/split`).
   */
  | { type: 'split'; by: 'amounts'; parts: readonly SplitPart[]; restCategory: string }
  | { type: 'split'; by: 'percentages'; parts: readonly SplitPart[] };

export interface Rule {
  id: string;
  conditions: readonly RuleCondition[];
  actions: readonly RuleAction[];
}

/** A transaction as the rules see it. */
export interface RuleSubject {
  /** The payee as shown. */
  payee: string;
  /** The bank's text (the payee itself for a row typed by hand). */
  originalDescription: string;
  /** Signed: money out negative. */
  amountCents: number;
  accountId: string;
  bankCategory?: string | null;
}

/** One part of a split: its category and its size (positive cents; the parts add up to the row's size). */
export interface SplitLine {
  category: string;
  cents: Cents;
}

/** What the rules make of a transaction; an absent field is left as it was. */
export interface RuleOutcome {
  category?: string;
  payee?: string;
  transferTo?: string;
  split?: SplitLine[];
  tags: string[];
  /** The rules that decided something, in order (empty: no rule changed anything). */
  ruleIds: string[];
}

type Test = (s: LoweredSubject) => boolean;

interface LoweredSubject {
  payee: string;
  original: string;
  size: number;
  sign: number;
  accountId: string;
  bankCategory: string | null;
}

interface CompiledRule {
  id: string;
  tests: Test[];
  category?: string;
  payee?: string;
  transferTo?: string;
  split?: Extract<RuleAction, { type: 'split' }>;
  tags: string[];
}

export interface CompiledRules {
  rules: CompiledRule[];
  /** `tagsFrom[i]`: whether rule i or one after it adds a tag (the walk may stop early when not). */
  tagsFrom: boolean[];
}

const textTest = (op: TextOp, needle: string, pick: (s: LoweredSubject) => string): Test => {
  const n = needle.toLowerCase();
  if (op === 'contains') return (s) => pick(s).includes(n);
  if (op === 'starts_with') return (s) => pick(s).startsWith(n);
  return (s) => pick(s) === n;
};

function testOf(c: RuleCondition): Test {
  switch (c.field) {
    case 'payee':
      return textTest(c.op, c.value, (s) => s.payee);
    case 'original_description':
      return textTest(c.op, c.value, (s) => s.original);
    case 'amount':
      if (c.op === 'equals') return (s) => s.size === c.cents;
      if (c.op === 'between') return (s) => s.size >= c.minCents && s.size <= c.maxCents;
      if (c.op === 'money_in') return (s) => s.sign > 0;
      return (s) => s.sign < 0;
    case 'account':
      return (s) => s.accountId === c.accountId;
    case 'bank_category': {
      const n = c.value.toLowerCase();
      return (s) => s.bankCategory === n;
    }
  }
}

/** The rules made ready to run many times: needles lower-cased once, each rule's actions by type. */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  const compiled = rules.map((r) => {
    const out: CompiledRule = { id: r.id, tests: r.conditions.map(testOf), tags: [] };
    // Within one rule the first action of each type counts (the contract allows one of each anyway).
    for (const a of r.actions) {
      if (a.type === 'set_category') out.category ??= a.category;
      else if (a.type === 'rename_payee') out.payee ??= a.payee;
      else if (a.type === 'transfer') out.transferTo ??= a.accountId;
      else if (a.type === 'split') out.split ??= a;
      else if (!out.tags.includes(a.tag)) out.tags.push(a.tag);
    }
    return out;
  });
  const tagsFrom = new Array<boolean>(compiled.length + 1).fill(false);
  for (let i = compiled.length - 1; i >= 0; i--) tagsFrom[i] = (compiled[i]?.tags.length ?? 0) > 0 || !!tagsFrom[i + 1];
  return { rules: compiled, tagsFrom };
}

/**
 * The outcome of the rules for one transaction (the order semantics are in this file's comment). A
 * rule with no conditions matches everything. A split that does not fit the row (parts larger than
 * it) is passed over, and a later rule's split may decide.
 */
export function runRules(compiled: CompiledRules, subject: RuleSubject): RuleOutcome {
  const s: LoweredSubject = {
    payee: subject.payee.toLowerCase(),
    original: subject.originalDescription.toLowerCase(),
    size: Math.abs(subject.amountCents),
    sign: Math.sign(subject.amountCents),
    accountId: subject.accountId,
    bankCategory: subject.bankCategory ? subject.bankCategory.toLowerCase() : null,
  };
  const outcome: RuleOutcome = { tags: [], ruleIds: [] };
  const { rules, tagsFrom } = compiled;
  for (let i = 0; i < rules.length; i++) {
    const decided =
      outcome.category !== undefined &&
      outcome.payee !== undefined &&
      outcome.transferTo !== undefined &&
      outcome.split !== undefined;
    if (decided && !tagsFrom[i]) break;
    const r = rules[i] as CompiledRule;
    let holds = true;
    for (const t of r.tests) {
      if (!t(s)) {
        holds = false;
        break;
      }
    }
    if (!holds) continue;
    let used = false;
    if (r.category !== undefined && outcome.category === undefined) {
      outcome.category = r.category;
      used = true;
    }
    if (r.payee !== undefined && outcome.payee === undefined) {
      outcome.payee = r.payee;
      used = true;
    }
    if (r.transferTo !== undefined && outcome.transferTo === undefined && r.transferTo !== subject.accountId) {
      outcome.transferTo = r.transferTo;
      used = true;
    }
    if (r.split && outcome.split === undefined) {
      const lines = splitLines(r.split, s.size);
      if (lines) {
        outcome.split = lines;
        used = true;
      }
    }
    for (const tag of r.tags) {
      if (!outcome.tags.includes(tag)) {
        outcome.tags.push(tag);
        used = true;
      }
    }
    if (used) outcome.ruleIds.push(r.id);
  }
  return outcome;
}

/**
 * A split's parts for a row of `size` cents (positive), or undefined when it does not fit: the one
 * exact split of `@helo/finance/split` (fixed amounts first, then percentages by the largest
 * remainder); by amounts, the rest category takes 100 % of what the parts leave.
 */
export function splitLines(split: Extract<RuleAction, { type: 'split' }>, size: number): SplitLine[] | undefined {
  const parts = [...split.parts];
  const shares: SplitShare[] =
    split.by === 'percentages'
      ? parts.map((p) => ({ percent: (p.basisPoints ?? 0) / 100 }))
      : [...parts.map((p) => ({ cents: p.cents ?? 0 })), { percent: 100 }];
  const categories = [...parts.map((p) => p.category), ...(split.by === 'amounts' ? [split.restCategory] : [])];
  try {
    const cents = splitCents(size, shares);
    return mergeLines(categories.map((category, i) => ({ category, cents: (cents[i] ?? 0) as Cents })));
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/** Parts of one category (any case) made one, the first spelling kept; parts of 0 cents left out. */
function mergeLines(lines: SplitLine[]): SplitLine[] {
  const out: SplitLine[] = [];
  for (const l of lines) {
    if (l.cents === 0) continue;
    const same = out.find((o) => o.category.toLowerCase() === l.category.toLowerCase());
    if (same) same.cents = (same.cents + l.cents) as Cents;
    else out.push({ ...l });
  }
  return out;
}

/** True when the outcome changes anything about a transaction. */
export const changesAnything = (o: RuleOutcome): boolean => o.ruleIds.length > 0;

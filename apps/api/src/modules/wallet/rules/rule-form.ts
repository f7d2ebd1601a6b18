import { type RuleActionBody, type RuleConditionBody, ruleAction, ruleCondition } from '@helo/contract/rules';
import type { Db } from '@helo/db/client';
import type { WalletRuleRow } from '@helo/db/schema';
import { dollarsToCents } from '@helo/finance/cents';
import { type CompiledRules, compileRules, type Rule, type RuleAction, type RuleCondition } from '@helo/finance/rules';
import { z } from 'zod';
import { listRules } from './rules.repository.ts';

type Condition = z.output<typeof ruleCondition>;
type Action = z.output<typeof ruleAction>;

const conditionsOf = z.array(ruleCondition);
const actionsOf = z.array(ruleAction);

const toCents = (dollars: number | undefined) => dollarsToCents(dollars ?? 0) as number;

/** A condition as the engine takes it: cents, not dollars. */
function engineCondition(c: Condition): RuleCondition {
  switch (c.field) {
    case 'payee':
      return { field: 'payee', op: c.op, value: c.value };
    case 'original_description':
      return { field: 'original_description', op: c.op, value: c.value };
    case 'amount':
      if (c.op === 'equals') return { field: 'amount', op: 'equals', cents: toCents(c.value) };
      if (c.op === 'between')
        return { field: 'amount', op: 'between', minCents: toCents(c.min), maxCents: toCents(c.max) };
      return { field: 'amount', op: c.op };
    case 'account':
      return { field: 'account', op: 'is', accountId: c.account_id };
    case 'bank_category':
      return { field: 'bank_category', op: 'equals', value: c.value };
  }
}

function engineAction(a: Action): RuleAction {
  switch (a.type) {
    case 'set_category':
      return { type: 'set_category', category: a.category };
    case 'rename_payee':
      return { type: 'rename_payee', payee: a.payee };
    case 'add_tag':
      return { type: 'add_tag', tag: a.tag };
    case 'transfer':
      return { type: 'transfer', accountId: a.account_id };
    case 'split':
      return a.by === 'amounts'
        ? {
            type: 'split',
            by: 'amounts',
            parts: a.parts.map((p) => ({ category: p.category, cents: toCents(p.amount) })),
            restCategory: a.rest_category ?? '',
          }
        : {
            type: 'split',
            by: 'percentages',
            parts: a.parts.map((p) => ({ category: p.category, basisPoints: Math.round((p.percent ?? 0) * 100) })),
          };
  }
}

/** A rule's wire form (the contract's, as sent and as stored) as the engine takes it. */
export function engineRule(id: string, conditions: readonly Condition[], actions: readonly Action[]): Rule {
  return { id, conditions: conditions.map(engineCondition), actions: actions.map(engineAction) };
}

/** A stored rule read back through the contract (what was stored was validated by it on the way in). */
export function storedRule(row: WalletRuleRow): { conditions: Condition[]; actions: Action[] } {
  return { conditions: conditionsOf.parse(row.conditions), actions: actionsOf.parse(row.actions) };
}

/** The user's rules, in order, compiled once for a run over many rows. */
export async function userRules(db: Db, userId: string): Promise<CompiledRules> {
  const rows = await listRules(db, userId);
  return compileRules(
    rows.map((r) => {
      const { conditions, actions } = storedRule(r);
      return engineRule(r.id, conditions, actions);
    }),
  );
}

export type { Action as RuleActionWire, Condition as RuleConditionWire, RuleActionBody, RuleConditionBody };

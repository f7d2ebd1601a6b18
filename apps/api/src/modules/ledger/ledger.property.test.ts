import type { Cents } from '@helo/finance/cents';
import { applyLines, type Line, reversalLines } from '@helo/finance/ledger';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { accountsOf, createAccount, ensureAccount, LedgerRefusal, post, reverse } from './index.ts';
import { HOLDS, ledgerInvariants, ledgerUser } from './ledger.test-helpers.ts';

const t = useTestApp();
const db = () => t().database.db;

/** Five accounts: two that never go below zero, one that may (a card), and two outside ones. */
const _SLOTS = 5;
const FLOORED = new Set([0, 1]);

type Step = { op: 'post'; slots: number[]; amounts: number[] } | { op: 'reverse'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('post' as const),
      slots: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 2, maxLength: 4 }),
      amounts: fc.array(
        fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
        { minLength: 4, maxLength: 4 },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }) },
);

function linesFor(ids: string[], s: Extract<Step, { op: 'post' }>): Line[] | undefined {
  const lines = s.slots
    .slice(0, -1)
    .map((slot, i) => ({ accountId: ids[slot] ?? '', amountCents: (s.amounts[i] ?? 1) as Cents }));
  const rest = -lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (rest === 0) return undefined;
  return [...lines, { accountId: ids[s.slots.at(-1) ?? 0] ?? '', amountCents: rest as Cents }];
}

describe('the ledger against its model (property)', () => {
  it('any sequence of posts and reversals: journals balanced, balances the sum of postings, floors held, no journal reversed twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const userId = await ledgerUser(db());
        const accounts = [
          await createAccount(db(), userId, { kind: 'checking', name: 'Checking', neverBelowZero: true }),
          await createAccount(db(), userId, { kind: 'savings', name: 'Savings', neverBelowZero: true }),
          await createAccount(db(), userId, { kind: 'credit_card', name: 'Card' }),
          await ensureAccount(db(), userId, { kind: 'income', name: 'Income' }),
          await ensureAccount(db(), userId, { kind: 'spending', name: 'Everything' }),
        ];
        const ids = accounts.map((a) => a.id);
        const floors = new Set(ids.filter((_, i) => FLOORED.has(i)));
        let model = new Map<string, Cents>();
        const posted: { id: string; lines: Line[]; reversed: boolean }[] = [];

        for (const s of steps) {
          if (s.op === 'post') {
            const lines = linesFor(ids, s);
            if (!lines) continue;
            const expected = applyLines(model, lines, floors);
            const result = await post(db(), userId, {
              date: '2026-11-20',
              kind: 'prop',
              description: 'p',
              lines,
            }).catch((e: unknown) => e);
            if (expected.ok) {
              expect(result).not.toBeInstanceOf(Error);
              model = expected.balances;
              posted.push({ id: (result as { id: string }).id, lines, reversed: false });
            } else {
              expect(result).toBeInstanceOf(LedgerRefusal);
            }
          } else {
            const target = posted[s.pick % Math.max(posted.length, 1)];
            if (!target) continue;
            const expected = applyLines(model, reversalLines(target.lines), floors);
            const result = await reverse(db(), userId, target.id).catch((e: unknown) => e);
            if (target.reversed) {
              expect(result).toMatchObject({ code: 'already_reversed' });
            } else if (expected.ok) {
              expect(result).not.toBeInstanceOf(Error);
              model = expected.balances;
              target.reversed = true;
            } else {
              expect(result).toMatchObject({ code: 'below_zero' });
            }
          }
        }

        const stored = new Map((await accountsOf(db(), userId)).map((a) => [a.id, a.balanceCents]));
        for (const id of ids) expect(stored.get(id)).toBe(model.get(id) ?? 0);
        expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
      }),
      { numRuns: 20 },
    );
  });
});

import { ledgerJournals, nestAccounts, nestRules } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

/** Every field the Nest takes, refused with a 400 naming it, and nothing written. */
const t = useTestApp();
const api = nestRequests(t);

let user: Awaited<ReturnType<typeof api.userWithTargets>>;
beforeAll(async () => {
  user = await api.userWithTargets();
});

const percent = (value: unknown, extra: object = {}) => ({ bucket: 'wallet', kind: 'percent', value, ...extra });
const fixed = (value: unknown, extra: object = {}) => ({ bucket: 'wallet', kind: 'fixed', value, ...extra });

async function refusedRules(rules: unknown, version: unknown = 1) {
  const res = await api.saveRules(user.token, rules, version);
  expect(res.statusCode, res.body).toBe(400);
  const nest = (await api.get(user.token)).json().data;
  expect(nest.rules).toEqual([]);
  expect(nest.rules_version).toBe(1);
  return res.json().errors;
}

describe('PUT /v1/nest/allocation refuses', () => {
  it.each([
    [
      'an unknown bucket',
      [{ bucket: 'savings', kind: 'percent', value: 5 }],
      'rules.0.bucket',
      'Bucket must be wallet, loans, emergency_fund, goal or investment',
    ],
    [
      'a missing bucket',
      [{ kind: 'percent', value: 5 }],
      'rules.0.bucket',
      'Bucket must be wallet, loans, emergency_fund, goal or investment',
    ],
    [
      'an unknown kind',
      [{ bucket: 'wallet', kind: 'share', value: 5 }],
      'rules.0.kind',
      'Kind must be percent or fixed',
    ],
    ['a missing value', [{ bucket: 'wallet', kind: 'percent' }], 'rules.0.value', 'Value is required'],
    ['a value as text', [percent('5')], 'rules.0.value', 'Value must be a number'],
    ['a percent of 0', [percent(0)], 'rules.0.value', 'A percentage must be between 0.01 and 100'],
    ['a negative percent', [percent(-5)], 'rules.0.value', 'A percentage must be between 0.01 and 100'],
    ['a percent over 100', [percent(100.01)], 'rules.0.value', 'A percentage must be between 0.01 and 100'],
    ['a percent with three decimals', [percent(12.345)], 'rules.0.value', 'A percentage can have at most two decimals'],
    ['a fixed $0', [fixed(0)], 'rules.0.value', 'A fixed amount must be at least $0.01'],
    ['a negative fixed amount', [fixed(-1)], 'rules.0.value', 'A fixed amount must be at least $0.01'],
    [
      'a fixed amount with a fraction of a cent',
      [fixed(10.005)],
      'rules.0.value',
      'A fixed amount can have at most two decimals (cents)',
    ],
    [
      'a fixed amount over the limit',
      [fixed(10_000_000_000.01)],
      'rules.0.value',
      'A fixed amount can be at most $10,000,000,000.00',
    ],
    [
      'a goal rule without its goal',
      [{ bucket: 'goal', kind: 'percent', value: 5 }],
      'rules.0.target_id',
      'Choose the goal this rule is for',
    ],
    [
      'an investment rule without its account',
      [{ bucket: 'investment', kind: 'fixed', value: 5 }],
      'rules.0.target_id',
      'Choose the investment account this rule is for',
    ],
    [
      'a goal that does not exist',
      [{ bucket: 'goal', target_id: '00000000-0000-4000-8000-000000000000', kind: 'percent', value: 5 }],
      'rules.0.target_id',
      'Choose one of your goals',
    ],
    [
      'a target that is no id',
      [{ bucket: 'goal', target_id: 'japan', kind: 'percent', value: 5 }],
      'rules.0.target_id',
      'Choose one of your goals',
    ],
    [
      'a target on a Wallet rule',
      [fixed(5, { target_id: '00000000-0000-4000-8000-000000000000' })],
      'rules.0.target_id',
      'Only a goal or an investment rule names a target',
    ],
    [
      'a NUL in a target',
      [{ bucket: 'goal', target_id: 'a\u0000b', kind: 'percent', value: 5 }],
      'rules.0.target_id',
      undefined,
    ],
    [
      'the same bucket twice',
      [fixed(5), fixed(6)],
      'rules.1.bucket',
      'This bucket already has a rule: change that one instead',
    ],
    ['rules not in a list', { bucket: 'wallet' }, 'rules', 'Rules must be a list'],
  ])('%s', async (_name, rules, path, message) => {
    const errors = await refusedRules(rules);
    expect(errors).toHaveLength(1);
    expect(errors[0].path).toBe(path);
    if (message !== undefined) expect(errors[0].message).toBe(message);
  });

  it('the same goal twice, at the second rule', async () => {
    const rules = [
      { bucket: 'goal', target_id: user.goalId, kind: 'fixed', value: 5 },
      { bucket: 'goal', target_id: user.goalId.toUpperCase(), kind: 'percent', value: 5 },
    ];
    expect(await refusedRules(rules)).toEqual([
      { path: 'rules.1.target_id', message: 'This target already has a rule: change that one instead' },
    ]);
  });

  it('every bad field at once, each at its path', async () => {
    const rules = [
      { bucket: 'goal', kind: 'percent', value: 200 },
      { bucket: 'loans', kind: 'fixed', value: 5 },
      { bucket: 'loans', target_id: user.goalId, kind: 'fixed', value: 0.001 },
    ];
    expect(await refusedRules(rules)).toEqual([
      { path: 'rules.0.target_id', message: 'Choose the goal this rule is for' },
      { path: 'rules.0.value', message: 'A percentage must be between 0.01 and 100' },
      { path: 'rules.2.target_id', message: 'Only a goal or an investment rule names a target' },
      { path: 'rules.2.bucket', message: 'This bucket already has a rule: change that one instead' },
      { path: 'rules.2.value', message: 'A fixed amount must be at least $0.01' },
    ]);
  });

  it('percentages adding up to more than 100 %', async () => {
    const rules = [
      { bucket: 'emergency_fund', kind: 'percent', value: 60.5 },
      { bucket: 'goal', target_id: user.goalId, kind: 'percent', value: 39.51 },
      fixed(1000),
    ];
    expect(await refusedRules(rules)).toEqual([
      { path: 'rules', message: 'The percentages add up to 100.01 %: they can add up to 100 % at most' },
    ]);
  });

  it('21 rules', async () => {
    const rules = Array.from({ length: 21 }, () => percent(1));
    expect(await refusedRules(rules)).toEqual([{ path: 'rules', message: 'You can have at most 20 rules' }]);
  });

  it('a version that is missing or not a whole number', async () => {
    const missing = await api.call(user.token, 'PUT', '/api/v1/nest/allocation', { rules: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'version', message: 'Version is required' }]);
    expect((await refusedRules([], 1.5))[0].path).toBe('version');
  });

  it('an emergency fund rule without a fund, at its bucket', async () => {
    const other = await api.newUser();
    await api.ok(api.activate(other.token));
    const res = await api.saveRules(
      other.token,
      [fixed(5), { bucket: 'emergency_fund', kind: 'percent', value: 5 }],
      1,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'rules.1.bucket', message: 'Set up your emergency fund first' }]);
  });

  it('accepts exactly 100 %, 20 rules, and two decimals; answers them as sent', async () => {
    const other = await api.userWithTargets();
    const rules = [
      { bucket: 'emergency_fund', kind: 'percent', value: 33.33 },
      { bucket: 'goal', target_id: other.goalId, kind: 'percent', value: 33.33 },
      { bucket: 'investment', target_id: other.accountId, kind: 'percent', value: 33.34 },
      { bucket: 'loans', kind: 'fixed', value: 0.01 },
      { bucket: 'wallet', kind: 'fixed', value: 10_000_000_000 },
    ];
    const nest = await api.ok(api.saveRules(other.token, rules, 1));
    expect(
      nest.rules.map(({ bucket, kind, value }: { bucket: string; kind: string; value: number }) => ({
        bucket,
        kind,
        value,
      })),
    ).toEqual(rules.map(({ bucket, kind, value }) => ({ bucket, kind, value })));
    const twenty = Array.from({ length: 20 }, (_, i) => ({
      bucket: i % 2 ? 'wallet' : 'loans',
      kind: 'fixed',
      value: 1,
    }));
    // Twenty rules pass the count; the repeated buckets are what is refused.
    const res = await api.saveRules(other.token, twenty, 2);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toEqual(Array.from({ length: 18 }, (_, i) => `rules.${i + 2}.bucket`));
    expect(new Set(errors.map((e) => e.message))).toEqual(
      new Set(['This bucket already has a rule: change that one instead']),
    );
  });
});

describe('POST /v1/nest/deposits refuses', () => {
  beforeAll(async () => {
    await api.ok(api.saveRules(user.token, [{ bucket: 'emergency_fund', kind: 'percent', value: 50 }], 1));
  });

  it.each([
    ['a missing amount', { date: TODAY, source: 'Pay' }, 'amount'],
    ['an amount of $0', income(0), 'amount'],
    ['a negative amount', income(-5), 'amount'],
    ['an amount with a fraction of a cent', income(10.001), 'amount'],
    ['an amount as text', { ...income(5), amount: '5' }, 'amount'],
    ['an amount past the limit', income(10_000_000_000.01), 'amount'],
    ['a tiny amount that is no cent', income(5e-324), 'amount'],
    ['a missing date', { amount: 5, source: 'Pay' }, 'date'],
    ['a date that does not exist', income(5, 'Pay', '2026-02-30'), 'date'],
    ['a date in another format', income(5, 'Pay', '11/21/2026'), 'date'],
    ['a date two days ahead', income(5, 'Pay', '2026-11-23'), 'date'],
    ['a missing source', { amount: 5, date: TODAY }, 'source'],
    ['an empty source', income(5, '   '), 'source'],
    ['a source of 81 characters', income(5, 'x'.repeat(81)), 'source'],
    ['a NUL in the source', income(5, 'Pay\u0000check'), 'source'],
    ['a line break in the source', income(5, 'Pay\ncheck'), 'source'],
    ['a control character in the source', income(5, 'Pay\u0007'), 'source'],
  ])('%s', async (_name, body, path) => {
    const res = await api.deposit(user.token, body);
    expect(res.statusCode, res.body).toBe(400);
    // Every error names the field (a negative amount breaks two of its rules).
    expect([...new Set(res.json().errors.map((e: { path: string }) => e.path))]).toEqual([path]);
    const db = t().database.db;
    const deposits = and(eq(ledgerJournals.userId, user.userId), eq(ledgerJournals.kind, 'nest.deposit'));
    expect(await db.select().from(ledgerJournals).where(deposits)).toEqual([]);
    expect((await api.entries(user.token)).json().data).toEqual([]);
    expect(await api.fundEntries(user.token)).toEqual([]);
  });

  it('takes tomorrow (a user east of New York) and an 80-character source', async () => {
    const res = await api.deposit(user.token, income(5, 'y'.repeat(80), '2026-11-22'));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the tables', () => {
  it('refuse what can never be stored', async () => {
    const db = t().database.db;
    const other = await api.newUser();
    await api.ok(api.activate(other.token));
    const bad = [
      db
        .insert(nestRules)
        .values({ userId: other.userId, position: 0, bucket: 'goal', kind: 'fixed', fixedCents: cents(5) }),
      db
        .insert(nestRules)
        .values({ userId: other.userId, position: 0, bucket: 'wallet', kind: 'percent', percentBasisPoints: 10_001 }),
    ];
    for (const write of bad) await expect(write).rejects.toThrow();
    const [account] = await db.select().from(nestAccounts).where(eq(nestAccounts.userId, other.userId));
    expect(account?.rulesVersion).toBe(1);
  });
});

import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { createTestApp } from '../test-app.ts';
import { type Described, toInject } from './fuzz-request.ts';
import { anyRequest, validRequest } from './fuzz-requests.ts';
import { mutationsOf } from './hostile-inputs.ts';
import { listOperations, type Operation, readOpenApi } from './openapi.ts';
import { responseProblems } from './response-checks.ts';
import { SignedInUser } from './signed-in-user.ts';

/**
 * Schema-driven fuzzing of every operation in the OpenAPI document (issue 9). Each operation gets
 * every hostile input its schema suggests (hostile-inputs.ts), then FUZZ_RUNS random requests in
 * all, split evenly, from fast-check. Replay a failure with the printed FUZZ_SEED.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
console.log(`api fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set both to replay this run)`);

const t = await createTestApp();
afterAll(() => t.close());
const operations = listOperations(await readOpenApi(t.app));
const user = await new SignedInUser(t).register();
await user.keepOwnedRecords();
const inputs = new Map<string, number>();
/**
 * Answers by operation: successes by class ("2xx"), refusals by status (400, 404, 409 tell apart a
 * body refused, a record not found and a rule that held), printed at the end to show what was reached.
 */
const answered = new Map<string, Record<string, number>>();
const runsPerOperation = Math.max(1, Math.ceil(RUNS / operations.length));

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

async function send(op: Operation, d: Described): Promise<{ res: LightMyRequestResponse; problems: string[] }> {
  const request = toInject(op, d.request, user.known, user.accessToken);
  const res = await t.app.inject(request);
  return { res, problems: responseProblems(res, d.expect) };
}

async function exercise(op: Operation, d: Described): Promise<void> {
  let { res, problems } = await send(op, d);
  // An earlier input may have logged the user out (logout, a reused refresh token): sign in again.
  if (res.statusCode === 401 && d.request.auth === 'user' && op.secured) {
    await user.signInAgain();
    ({ res, problems } = await send(op, d));
    if (res.statusCode === 401) problems.push('401 for a user who has just signed in');
  }
  if (Object.hasOwn(Object.prototype, 'polluted')) problems.push('Object.prototype was polluted');
  // A write that went through may have deleted or replaced one of the user's records.
  if (op.method !== 'GET' && res.statusCode < 300) await user.keepOwnedRecords();
  inputs.set(op.key, (inputs.get(op.key) ?? 0) + 1);
  const classes = answered.get(op.key) ?? {};
  const statusClass = res.statusCode >= 400 ? String(res.statusCode) : `${String(res.statusCode)[0]}xx`;
  classes[statusClass] = (classes[statusClass] ?? 0) + 1;
  answered.set(op.key, classes);
  if (problems.length > 0) {
    const sent = toInject(op, d.request, user.known, user.accessToken);
    throw new Error(
      [
        `${op.key} — ${d.label}`,
        `sent: ${sent.method} ${clip(sent.url)} ${clip(String(sent.payload ?? ''))}`,
        `got: ${res.statusCode} ${clip(res.body, 500)}`,
        ...problems.map((p) => `  - ${p}`),
        `replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`,
      ].join('\n'),
    );
  }
}

for (const [index, op] of operations.entries()) {
  // Generous: argon2 makes sign-up and sign-in inputs slow, and `npm run fuzz` sends ~700 per operation.
  it(op.key, { timeout: Math.max(300_000, runsPerOperation * 1000) }, async () => {
    const seed = SEED + index;
    const mutations = mutationsOf(op);
    const [base] = fc.sample(validRequest(op, true), { seed, numRuns: 1 });
    if (!base) throw new Error('no valid request could be generated');
    await exercise(op, { request: base, label: 'valid' });
    for (const m of mutations) await exercise(op, { request: m.apply(base), label: m.label, expect: m.expect });
    await fc.assert(
      fc.asyncProperty(anyRequest(op, mutations), (d) => exercise(op, d)),
      { seed, numRuns: runsPerOperation },
    );
    expect(inputs.get(op.key)).toBeGreaterThanOrEqual(1 + mutations.length + runsPerOperation);
  });
}

it('fuzzed every operation of the document', () => {
  const missing = operations.filter((op) => !inputs.get(op.key)).map((op) => op.key);
  expect(missing).toEqual([]);
  const total = [...inputs.values()].reduce((a, b) => a + b, 0);
  const lines = operations.map((op) => {
    const classes = Object.entries(answered.get(op.key) ?? {}).sort();
    return `  ${op.key.padEnd(48)} ${classes.map(([c, n]) => `${c} ${n}`).join(', ')}`;
  });
  console.log(
    [
      `api fuzz: ${operations.length} operations, ${total} inputs, ${user.signIns} sign-ins again (FUZZ_SEED=${SEED})`,
      ...lines,
    ].join('\n'),
  );
  expect(total).toBeGreaterThanOrEqual(1000);
});

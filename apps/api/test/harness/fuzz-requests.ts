import fc from 'fast-check';
import type { Described, FuzzRequest } from './fuzz-request.ts';
import type { Mutation } from './hostile-inputs.ts';
import type { Operation, Parameter } from './openapi.ts';
import { OWNED_NAMES, ownedIdFor } from './owned-records.ts';
import { type ValueOptions, validValue } from './schema-values.ts';
import type { KnownName } from './wire.ts';

const KNOWN: KnownName[] = ['email', 'password', 'refresh_token', 'notification_id', ...OWNED_NAMES];

function parameters(params: Parameter[], options: ValueOptions): fc.Arbitrary<Record<string, unknown>> {
  const record = Object.fromEntries(params.map((p) => [p.name, validValue(p.schema, options)]));
  const requiredKeys = params.filter((p) => p.required || options.rich).map((p) => p.name);
  return fc.record(record, { requiredKeys });
}

/**
 * A path id is mostly the user's own record of the route's kind (owned-records.ts): a made-up one
 * only ever reaches the route's 404. One in four is still made up.
 */
function pathParameters(op: Operation, options: ValueOptions): fc.Arbitrary<Record<string, unknown>> {
  const record = Object.fromEntries(
    op.pathParams.map((p) => {
      const own = ownedIdFor(op.path, p.name);
      const value = validValue(p.schema, own ? { ...options, known: [own], knownWeight: 12 } : options);
      // "." and ".." (or %2E) as a whole segment are dot-segments every URL parser removes (RFC 3986):
      // no client can send them as an id, and the request reaches another path.
      return [p.name, value.filter((v) => v !== '.' && v !== '..')];
    }),
  );
  return fc.record(record);
}

/** Requests the document says are valid, signed in as the fuzz user. */
export function validRequest(op: Operation, rich = false): fc.Arbitrary<FuzzRequest> {
  const options: ValueOptions = { rich, known: KNOWN };
  const body = op.body ? validValue(op.body.schema, options) : fc.constant(undefined);
  return fc.record({
    pathValues: pathParameters(op, options),
    query: parameters(op.queryParams, options),
    body: op.body && !op.body.required && !rich ? fc.option(body, { nil: undefined }) : body,
    auth: fc.constant('user' as const),
  });
}

/**
 * The fuzzer's mix for one operation: valid requests, valid requests broken in one way (which keep
 * the expectation of that mutation), and in two ways (checked only against the rules every answer
 * follows).
 */
export function anyRequest(op: Operation, mutations: Mutation[]): fc.Arbitrary<Described> {
  const valid = validRequest(op).map((request): Described => ({ request, label: 'valid' }));
  const base = validRequest(op, true);
  const mutation = fc.constantFrom(...mutations);
  const once = fc
    .tuple(base, mutation)
    .map(([request, m]): Described => ({ request: m.apply(request), label: m.label, expect: m.expect }));
  const twice = fc
    .tuple(base, mutation, mutation)
    .map(
      ([request, a, b]): Described => ({ request: b.apply(a.apply(request)), label: `${a.label}, then ${b.label}` }),
    );
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: once, weight: 2 }, { arbitrary: twice, weight: 1 });
}

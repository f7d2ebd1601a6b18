import type { Expectation, FuzzRequest } from './fuzz-request.ts';
import { Derive, hostileValues, outOfRange } from './hostile-values.ts';
import type { JsonSchema, Operation, Parameter } from './openapi.ts';
import { RawJson } from './wire.ts';

/** One way of breaking a valid request; `expect` is set when the result must be refused. */
export interface Mutation {
  label: string;
  expect?: Expectation;
  apply(request: FuzzRequest): FuzzRequest;
}

type Path = (string | number)[];

const BAD_REQUEST = [400];
const TOO_BIG = [400, 413];

interface Location {
  path: Path;
  schema: JsonSchema;
  /** The field may be left out. */
  optional: boolean;
}

/** Every field of a body, depth first; a list is entered through its first item. */
function locations(schema: JsonSchema, path: Path = [], optional = false): Location[] {
  const out: Location[] = [{ path, schema, optional }];
  if (schema.type === 'object' && schema.properties) {
    const required = new Set(schema.required ?? []);
    for (const [key, child] of Object.entries(schema.properties)) {
      out.push(...locations(child, [...path, key], !required.has(key) || child.default !== undefined));
    }
  }
  if (schema.type === 'array' && schema.items) out.push(...locations(schema.items, [...path, 0], false));
  return out;
}

function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement instanceof Derive ? replacement.make(value) : replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (typeof head !== 'number') return value;
    copy[head] = setAt(copy[head], rest, replacement, remove);
    return copy;
  }
  const obj = value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  if (remove && rest.length === 0) {
    delete obj[head];
    return obj;
  }
  obj[head] = setAt(obj[head], rest, replacement, remove);
  return obj;
}

// The whole body's own problems are named "body"; '' asks only that some field be named.
const errorPath = (path: Path) => path.join('.');

// A member can only be added to an object (a nullable body may have been generated as null).
const asObject = (body: unknown) => (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {});

function bodyMutations(schema: JsonSchema, required: boolean): Mutation[] {
  const out: Mutation[] = [];
  for (const loc of locations(schema)) {
    const where = errorPath(loc.path);
    if (typeof loc.path.at(-1) === 'string') {
      out.push({
        label: `${where}: missing`,
        ...(loc.optional ? {} : { expect: { status: BAD_REQUEST, field: where } }),
        apply: (r) => ({ ...r, body: setAt(r.body, loc.path, undefined, true) }),
      });
    }
    for (const h of hostileValues(loc.schema)) {
      out.push({
        label: `${where}: ${h.label}`,
        ...(h.mustFail
          ? { expect: h.big ? { status: TOO_BIG } : { status: BAD_REQUEST, field: h.inside ? where : where || 'body' } }
          : {}),
        apply: (r) => ({ ...r, body: setAt(r.body, loc.path, h.value) }),
      });
    }
    if (loc.schema.type === 'object') {
      out.push({
        label: `${where}: an extra field`,
        apply: (r) => ({ ...r, body: setAt(r.body, [...loc.path, 'unexpected_field'], 'surprise') }),
      });
    }
  }
  const nullable = schema.nullable === true;
  out.push(
    {
      label: 'no body',
      ...(required && !nullable ? { expect: { status: BAD_REQUEST } } : {}),
      apply: (r) => ({ ...r, body: undefined }),
    },
    {
      label: 'a __proto__ member',
      expect: { status: BAD_REQUEST },
      apply: (r) => ({ ...r, body: asObject(r.body), firstMember: '"__proto__":{"polluted":"yes"}' }),
    },
    {
      label: 'a constructor.prototype member',
      expect: { status: BAD_REQUEST },
      apply: (r) => ({ ...r, body: asObject(r.body), firstMember: '"constructor":{"prototype":{"polluted":"yes"}}' }),
    },
  );
  for (const raw of ['[]', '"text"', '123', 'true', 'null']) {
    const mustFail = !(raw === 'null' && nullable);
    out.push({
      label: `body ${raw}`,
      ...(mustFail ? { expect: { status: BAD_REQUEST, field: 'body' } } : {}),
      apply: (r) => ({ ...r, body: new RawJson(raw) }),
    });
  }
  for (const raw of ['{', '', '{"a":1}{"b":2}', '{"a":\u0000}', `${'['.repeat(5000)}${']'.repeat(5000)}`]) {
    out.push({
      label: `malformed JSON ${JSON.stringify(raw.slice(0, 20))}`,
      expect: { status: BAD_REQUEST },
      apply: (r) => ({ ...r, body: new RawJson(raw) }),
    });
  }
  out.push(
    // Fastify parses text/plain into a string, which the schema then refuses as not an object.
    { label: 'text/plain', expect: { status: [400, 415] }, apply: (r) => ({ ...r, contentType: 'text/plain' }) },
    {
      label: 'form encoded',
      expect: { status: [415] },
      apply: (r) => ({ ...r, contentType: 'application/x-www-form-urlencoded' }),
    },
    { label: 'JSON in UTF-16', apply: (r) => ({ ...r, contentType: 'application/json; charset=utf-16' }) },
    {
      label: 'body over the limit',
      expect: { status: [413] },
      apply: (r) => ({ ...r, body: setAt(r.body ?? {}, ['padding'], 'x'.repeat(300 * 1024)) }),
    },
  );
  return out;
}

/** A parameter's value as it would be written in the URL; Raw values are sent unencoded. */
function parameterMutations(param: Parameter, where: 'path' | 'query'): Mutation[] {
  const out: Mutation[] = [];
  const set = (value: unknown) => (r: FuzzRequest) =>
    where === 'path'
      ? { ...r, pathValues: { ...r.pathValues, [param.name]: value } }
      : { ...r, query: { ...r.query, [param.name]: value } };
  const refused = { status: BAD_REQUEST, field: param.name };
  const { schema } = param;
  const add = (label: string, value: unknown, mustFail: boolean) =>
    out.push({
      label: `${where} ${param.name}: ${label}`,
      ...(mustFail ? { expect: refused } : {}),
      apply: set(value),
    });

  add('NUL', new RawJson('a%00b'), true);
  add('lone surrogate (invalid UTF-8)', new RawJson('%ED%A0%80'), false);
  add('bad escape %zz', new RawJson('%zz'), false);
  add('a lone %', new RawJson('%'), false);
  add('emoji', '💩', false);
  add('RTL mark', '\u202eabc', false);
  add('traversal ..%2f', new RawJson('..%2f..%2f..%2fetc%2fpasswd'), false);
  add('traversal ..', new RawJson('..'), false);
  add('__proto__', '__proto__', false);
  add('constructor', 'constructor', false);
  for (const id of [
    '99999999999999999999999',
    '2147483648',
    '9007199254740993',
    '-1',
    '0',
    '1.5',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '00000000-0000-0000-0000-00000000000g',
    '{00000000-0000-0000-0000-000000000000}',
    "1' OR '1'='1",
  ]) {
    const n = Number(id);
    const numeric = schema.type === 'integer' || schema.type === 'number';
    add(`id-ish ${id}`, id, numeric && outOfRange(schema, Number.isNaN(n) ? Number.NaN : n));
  }
  if (where === 'query') {
    add('empty', '', false);
    add('repeated', ['1', '2'], schema.type !== 'array');
  }
  if (schema.maxLength !== undefined) {
    // Fastify answers 404 for a path segment over 100 characters before any schema sees it.
    const fitsRouter = where === 'query' || schema.maxLength + 1 <= 100;
    add('over maxLength', 'a'.repeat(schema.maxLength + 1), fitsRouter);
  }
  add('huge (20 000 characters)', 'x'.repeat(20_000), false);
  return out;
}

/** Query strings no route declares: parsers must not be tricked into prototype writes or 500s. */
const STRAY_QUERIES = [
  '__proto__[polluted]=yes',
  '__proto__.polluted=yes',
  'constructor[prototype][polluted]=yes',
  '__proto__=x',
  'a=%00',
  '%zz=1',
  '=',
  '&&&',
  'a[]=1&a[]=2',
  `${'a=1&'.repeat(2000)}a=1`,
];

const AUTH_MUTATIONS: Mutation[] = (['none', 'garbage', 'tampered', 'basic'] as const).map((auth) => ({
  label: `auth: ${auth}`,
  // Validation runs before authentication, so a body the schema refuses is a 400 first.
  expect: { status: [400, 401] },
  apply: (r: FuzzRequest) => ({ ...r, auth }),
}));

/** Every mutation of an operation: fields, parameters, stray query strings, authentication. */
export function mutationsOf(op: Operation): Mutation[] {
  const out: Mutation[] = [];
  if (op.body) out.push(...bodyMutations(op.body.schema, op.body.required));
  else {
    out.push({ label: 'an unexpected JSON body', apply: (r) => ({ ...r, body: { unexpected: true } }) });
  }
  for (const p of op.pathParams) out.push(...parameterMutations(p, 'path'));
  for (const p of op.queryParams) out.push(...parameterMutations(p, 'query'));
  for (const q of STRAY_QUERIES)
    out.push({ label: `stray query ${q.slice(0, 40)}`, apply: (r) => ({ ...r, rawQuery: q }) });
  if (op.secured) out.push(...AUTH_MUTATIONS);
  return out;
}

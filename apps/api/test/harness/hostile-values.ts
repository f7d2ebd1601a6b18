import type { JsonSchema } from './openapi.ts';
import { numberBounds } from './schema-values.ts';
import { RawJson } from './wire.ts';

/** A hostile value made from the valid value it replaces. */
export class Derive {
  readonly make: (current: unknown) => unknown;
  constructor(make: (current: unknown) => unknown) {
    this.make = make;
  }
}

/** Strings the project refuses in every text field (decisions.md, issue 9): storage cannot keep them. */
const REFUSED_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', 'a\udbff'];

/** Text a person (or an attacker) may type, which a field may accept or refuse but never fail on. */
const ODD_TEXT = [
  '\u202eevil.exe',
  '\u200f\u200e\u061c',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z\u0324\u0354\u0367\u0311\u0313a\u0308\u0356\u032dl\u036e\u0312\u036bg\u030c\u0317\u035ao',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖔',
  '\ufeffbom',
  '\uffff\ufffe',
  '\u0001\u001f\u007f',
  '   ',
  '\t\n\r',
  "' OR '1'='1' --",
  'Robert"); DROP TABLE users;--',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}{{7*7}}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '1899-12-31',
  '2200-01-01',
  '2026-01-01T25:61:00Z',
  '+275760-09-13',
  'yesterday',
  'NaN',
  '1e309',
  '-1',
  'null',
  '__proto__',
  'constructor',
];

const WRONG_TYPES: Record<string, unknown[]> = {
  string: [12345, true, {}, ['a']],
  integer: ['twelve', '12', true, {}, [1]],
  number: ['twelve', '12.5', true, {}, [1]],
  boolean: ['true', 1, 0, {}, []],
  array: ['list', {}, 1],
  object: ['x', 1, [], true],
};

/** Numbers as JSON text, to send values a JavaScript number cannot hold (1e309, 2^53 + 1). */
const RAW_NUMBERS = ['1e309', '-1e309', '1E400', '9007199254740993', '123456789012345678901234567890', '-0', '1e-400'];

function numberCandidates(schema: JsonSchema): number[] {
  const { min, max } = numberBounds(schema);
  const step = schema.type === 'integer' ? 1 : 0.01;
  const out = [-1, -0.01, 0, 0.1 + 0.2, 1.5, 0.001, 1e-7, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 1e308];
  if (min > -Number.MAX_SAFE_INTEGER) out.push(min - step, min);
  if (max < Number.MAX_SAFE_INTEGER) out.push(max + step, max);
  return out;
}

export function outOfRange(schema: JsonSchema, value: number): boolean {
  const { min, max } = numberBounds(schema);
  if (!Number.isFinite(value) || value < min || value > max) return true;
  return schema.type === 'integer' && !Number.isInteger(value);
}

const acceptsType = (schema: JsonSchema, value: unknown): boolean => {
  if (value === null) return schema.nullable === true || schema.type === 'null';
  if (schema.anyOf || schema.oneOf || schema.type === undefined) return true;
  if (Array.isArray(value)) return schema.type === 'array';
  if (typeof value === 'number')
    return schema.type === 'number' || (schema.type === 'integer' && Number.isInteger(value));
  if (typeof value === 'object') return schema.type === 'object';
  return schema.type === typeof value;
};

/** Every value that breaks a field of this schema in one way, with whether it must be refused. */
export interface Hostile {
  label: string;
  value: unknown;
  mustFail: boolean;
  /** Over the body limit, or large enough that 413 is as right as 400. */
  big?: boolean;
  /** The errors are about fields inside it (an empty object misses its required fields). */
  inside?: boolean;
}

export function hostileValues(schema: JsonSchema): Hostile[] {
  const out: Hostile[] = [];
  out.push({ label: 'null', value: null, mustFail: !acceptsType(schema, null) });
  for (const w of WRONG_TYPES[schema.type ?? ''] ?? []) {
    out.push({ label: `wrong type ${JSON.stringify(w)}`, value: w, mustFail: !acceptsType(schema, w) });
  }
  if (schema.enum) out.push({ label: 'not in the enum', value: 'not-one-of-them', mustFail: true });
  switch (schema.type) {
    case 'string': {
      for (const s of REFUSED_TEXT) out.push({ label: `refused text ${JSON.stringify(s)}`, value: s, mustFail: true });
      for (const s of ODD_TEXT) out.push({ label: `odd text ${JSON.stringify(s)}`, value: s, mustFail: false });
      out.push({ label: 'empty', value: '', mustFail: (schema.minLength ?? 0) > 0 });
      if (schema.maxLength !== undefined) {
        out.push({ label: 'at maxLength', value: 'a'.repeat(schema.maxLength), mustFail: false });
        out.push({ label: 'over maxLength', value: 'a'.repeat(schema.maxLength + 1), mustFail: true });
      }
      out.push({ label: 'huge (300 KB)', value: 'x'.repeat(300_000), mustFail: true, big: true });
      break;
    }
    case 'integer':
    case 'number': {
      for (const n of numberCandidates(schema))
        out.push({ label: `number ${n}`, value: n, mustFail: outOfRange(schema, n) });
      for (const raw of RAW_NUMBERS) {
        out.push({ label: `raw number ${raw}`, value: new RawJson(raw), mustFail: outOfRange(schema, Number(raw)) });
      }
      break;
    }
    case 'array': {
      out.push({ label: 'empty list', value: [], mustFail: (schema.minItems ?? 0) > 0 });
      if (schema.maxItems !== undefined) {
        const count = schema.maxItems + 1;
        // Copies of the valid first row, so the length is the only thing wrong.
        const value = new Derive((current) => new Array(count).fill(Array.isArray(current) ? current[0] : null));
        out.push({ label: 'over maxItems', value, mustFail: true });
      }
      out.push({ label: 'huge list', value: new Array(100_000).fill(0), mustFail: true, big: true });
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      out.push({ label: 'nested 5000 deep', value: new RawJson(deep), mustFail: schema.items?.type !== 'array' });
      break;
    }
    case 'object': {
      const required = (schema.required ?? []).filter((k) => schema.properties?.[k]?.default === undefined);
      out.push({ label: 'empty object', value: {}, mustFail: required.length > 0, inside: true });
      break;
    }
  }
  return out;
}

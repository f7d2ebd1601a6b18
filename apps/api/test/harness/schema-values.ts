import { hasUnstorableText } from '@helo/contract/fields';
import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';
import { Known, type KnownName } from './wire.ts';

export interface ValueOptions {
  /**
   * Every optional property present and every list non-empty: the base a mutation is applied to,
   * so there is always a field (and a first row) to break.
   */
  rich?: boolean;
  /** Values of the signed-in user (current password, refresh token…) mixed into strings. */
  known?: readonly KnownName[];
  /** How often a known value is picked against one made-up string (1: one in five). */
  knownWeight?: number;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The lowest and highest number a schema allows, with OpenAPI 3.0's boolean exclusive bounds. */
export function numberBounds(schema: JsonSchema): { min: number; max: number } {
  const integer = schema.type === 'integer';
  const step = integer ? 1 : 0.01;
  let min = schema.minimum ?? -MAX_SAFE;
  let max = schema.maximum ?? MAX_SAFE;
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min: Math.max(min, -MAX_SAFE), max: Math.min(max, MAX_SAFE) };
}

/**
 * Values a JSON Schema accepts, as a fast-check arbitrary. Only what the schema can say is honoured
 * (a string of 40 characters is "valid" here even where the server wants a date), so the server's
 * own refinements are exercised too; `format: date` and patterns are followed.
 */
export function validValue(schema: JsonSchema, options: ValueOptions = {}): fc.Arbitrary<unknown> {
  const base = nonNull(schema, options);
  if (!schema.nullable || options.rich) return base;
  return fc.oneof({ arbitrary: base, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 });
}

function nonNull(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, options)));
  if (schema.allOf) {
    // zod writes a second regex as allOf: keep the values every branch accepts. Strings come from
    // the longest pattern (the most particular: a real month, not any two digits) and are filtered
    // by the others; the known ids are mixed in after the filter, or they would crowd out every
    // string a filter refuses (a month that passes all three patterns was near to never generated).
    const [first, ...others] = [...schema.allOf].sort((a, b) => (b.pattern?.length ?? 0) - (a.pattern?.length ?? 0));
    if (!first) throw new Error('empty allOf');
    const { known: _known, ...withoutKnown } = options;
    const strings = validValue({ ...schema, allOf: undefined, ...first }, withoutKnown).filter((v) =>
      others.every((s) => typeof v !== 'string' || !s.pattern || new RegExp(s.pattern).test(v)),
    );
    return (first.type ?? schema.type) === 'string' ? withKnown(strings, options) : strings;
  }
  switch (schema.type) {
    case 'string':
      return stringValue(schema, options);
    case 'integer': {
      const { min, max } = numberBounds(schema);
      const [lo, hi] = [Math.ceil(min), Math.floor(max)];
      // Ids and counts are small in practice: half the values come from the bottom of the range.
      return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 10) }), fc.integer({ min: lo, max: hi }));
    }
    case 'number': {
      const { min, max } = numberBounds(schema);
      // Whole numbers and cents are what people type; arbitrary doubles test the server's refinements.
      const lo = Math.max(min, -1e13);
      const hi = Math.min(max, 1e13);
      return fc.oneof(
        fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }),
        fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((c) => c / 100),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (!schema.items) throw new Error('an array schema without items');
      const minLength = Math.max(schema.minItems ?? 0, options.rich ? 1 : 0);
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? minLength + 5, minLength + 5));
      return fc.array(validValue(schema.items, options), { minLength, maxLength });
    }
    case 'object':
      return objectValue(schema, options);
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`the harness cannot generate a value of type ${String(schema.type)}`);
  }
}

function objectValue(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validValue(s, options)]));
  const requiredKeys = options.rich ? Object.keys(properties) : (schema.required ?? []);
  return fc.record(record, { requiredKeys });
}

function stringValue(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  // NUL and unpaired surrogates are refused everywhere (contract/fields.ts), so no valid value has them.
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength && !hasUnstorableText(s);
  let base: fc.Arbitrary<string>;
  if (schema.format === 'date') {
    base = fc
      .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  } else if (schema.format === 'date-time') {
    base = fc
      .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  } else if (schema.pattern) {
    base = fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  } else {
    // Code units count against maxLength, so a string of graphemes is cut to fit.
    const upTo = Math.min(maxLength, minLength + 40);
    base = fc
      .oneof(
        fc.string({ minLength, maxLength: upTo }),
        fc.string({ unit: 'grapheme', minLength, maxLength: upTo }).map((s) => s.slice(0, maxLength)),
      )
      .filter(fits);
  }
  return withKnown(base, options);
}

/** A string field's values, now and then one of the user's known values instead (ids, the email). */
function withKnown(base: fc.Arbitrary<unknown>, options: ValueOptions): fc.Arbitrary<unknown> {
  if (!options.known?.length) return base;
  return fc.oneof(
    { arbitrary: base, weight: 4 },
    { arbitrary: fc.constantFrom(...options.known).map((n) => new Known(n)), weight: options.knownWeight ?? 1 },
  );
}

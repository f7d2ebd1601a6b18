import { loginBody } from '@helo/contract/auth';
import { feedbackBody } from '@helo/contract/feedback';
import { emailReminderPreferences } from '@helo/contract/notifications';
import { saveGoalsBody } from '@helo/contract/onboarding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mutationsOf } from './hostile-inputs.ts';
import type { JsonSchema, Operation } from './openapi.ts';
import { validValue } from './schema-values.ts';
import { Known, RawJson, toJsonText } from './wire.ts';

// Schemas whose every rule the JSON Schema can say, so "valid by the document" must mean "valid".
const schemas = { loginBody, feedbackBody, emailReminderPreferences, saveGoalsBody };
const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { target: 'openapi-3.0', io: 'input' }) as JsonSchema;
const noKnown = () => '';
const wire = (value: unknown) => JSON.parse(toJsonText(value, noKnown)) as unknown;

describe.each(Object.entries(schemas))('the generator over %s', (_name, schema) => {
  it('makes only values the zod schema accepts', () => {
    fc.assert(
      fc.property(validValue(jsonSchema(schema)), (value) => {
        expect(schema.safeParse(value).error?.issues).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('breaks a valid body in ways the zod schema refuses at the field it names', () => {
    const op: Operation = {
      key: 'POST /x',
      method: 'POST',
      path: '/x',
      pathParams: [],
      queryParams: [],
      body: { schema: jsonSchema(schema), required: true },
      secured: false,
    };
    const [base] = fc.sample(validValue(jsonSchema(schema), { rich: true }), { seed: 1, numRuns: 1 });
    const request = { pathValues: {}, query: {}, body: base, auth: 'user' as const };
    const checked = mutationsOf(op).filter((m) => m.expect?.field !== undefined && m.expect.field !== 'body');
    expect(checked.length).toBeGreaterThan(5);
    for (const m of checked) {
      const body = m.apply(request).body;
      const result = schema.safeParse(body === undefined ? undefined : wire(body));
      const paths = result.error?.issues.map((i) => i.path.join('.')) ?? [];
      const field = m.expect?.field ?? '';
      expect(
        paths.some((p) => p === field || p.startsWith(`${field}.`) || field === ''),
        `${m.label}: ${paths}`,
      ).toBe(true);
    }
  });
});

describe('toJsonText', () => {
  it('sends raw JSON where a value cannot say it, and fills in known values at send time', () => {
    const known = (name: string) => (name === 'refresh_token' ? 'rt-1' : '');
    const body = { amount: new RawJson('1e309'), rows: [new RawJson('-0')], token: new Known('refresh_token') };
    expect(toJsonText(body, known)).toBe('{"amount":1e309,"rows":[-0],"token":"rt-1"}');
    expect(toJsonText(new RawJson('{'), known)).toBe('{');
  });
});

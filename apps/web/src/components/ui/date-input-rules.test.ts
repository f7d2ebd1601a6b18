import { describe, expect, it } from 'vitest';
import { toDisplayDate, toIsoTimestamp } from './date-input-rules.ts';

describe('toDisplayDate', () => {
  it.each([
    ['2026-03-01T00:00:00.000Z', '2026-03-01'],
    ['2026-03-01', '2026-03-01'],
    // The day as written, not shifted through the viewer's time zone.
    ['2026-03-01T23:30:00-05:00', '2026-03-01'],
    ['1999-12-31T23:59:59.999Z', '1999-12-31'],
  ])('%j shows %j', (value, expected) => {
    expect(toDisplayDate(value)).toBe(expected);
  });

  it.each([[''], [null], [undefined], ['not a date'], ['03/01/2026'], ['2026-3-1']])(
    '%j shows an empty field',
    (value) => {
      expect(toDisplayDate(value)).toBe('');
    },
  );
});

describe('toIsoTimestamp', () => {
  it('turns a chosen day into the ISO timestamp of its UTC midnight', () => {
    expect(toIsoTimestamp('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(toIsoTimestamp('2026-03-01')).toBe(new Date('2026-03-01T00:00:00.000Z').toISOString());
    expect(toIsoTimestamp('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it.each([[''], ['not a date'], ['2026-02-30'], ['2026-13-01'], ['2023-02-29'], ['03/01/2026'], ['2026-03-01T05:00']])(
    'passes %j through unchanged',
    (input) => {
      expect(toIsoTimestamp(input)).toBe(input);
    },
  );
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from './format.ts';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1200, '-$12.00'],
  ])('%s cents reads %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('always shows exactly the cents it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (cents) => {
        const digits = formatCents(cents).replace(/[$,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(cents));
      }),
    );
  });
});

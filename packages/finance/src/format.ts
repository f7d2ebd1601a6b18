import type { CentsInput } from './cents.ts';

/**
 * '$1,234.56' from integer cents, built from the integer parts so no float rounding can show a
 * wrong cent. Negative amounts read '-$12.00'.
 */
export function formatCents(cents: CentsInput): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** abs cents in tenths of a unit of unitCents, half-up. % is exact on integers; a float division could round up. */
function tenthsOf(abs: number, unitCents: number): number {
  const step = unitCents / 10;
  const remainder = abs % step;
  return (abs - remainder) / step + (remainder * 2 >= step ? 1 : 0);
}

/**
 * The spec's short currency: '$999.99' below $1,000 (exactly formatCents), then one decimal of
 * thousands, millions or billions, rounded half-up with a trailing '.0' dropped: '$1K', '$1.5K',
 * '$2.5M', '$12,345.7B'. An amount that rounds up to 1,000 of a unit moves on to the next unit, so
 * $999,950 reads '$1M', never '$1000K'.
 */
export function formatCompactCents(cents: CentsInput): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  const abs = Math.abs(cents);
  if (abs < 100_000) return formatCents(cents);
  let suffix = 'K';
  let tenths = tenthsOf(abs, 100_000);
  if (tenths >= 10_000) {
    suffix = 'M';
    tenths = tenthsOf(abs, 100_000_000);
  }
  if (tenths >= 10_000) {
    suffix = 'B';
    tenths = tenthsOf(abs, 100_000_000_000);
  }
  const whole = Math.trunc(tenths / 10).toLocaleString('en-US');
  const decimal = tenths % 10 === 0 ? '' : `.${tenths % 10}`;
  return `${cents < 0 ? '-' : ''}$${whole}${decimal}${suffix}`;
}

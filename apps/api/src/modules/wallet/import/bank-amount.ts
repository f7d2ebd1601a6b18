import { amountToCents } from './amount-cents.ts';

/**
 * An amount of a statement format (OFX, QIF, CAMT) to cents. The formats mean a decimal point, but
 * banks write "-200,00", "1.234,56", "24783,31" or "+00000000000115.8331": the last mark is the
 * decimal one when both are written, a lone comma is a decimal comma, and digits past the cents are
 * rounded half-even (banker's rounding, what money software does). `rounded` says it happened, so the
 * import can say so.
 */
export function statementAmountToCents(raw: string, line: number | null): { cents: number; rounded: boolean } {
  const text = raw.trim();
  const dot = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  const decimal: '.' | ',' =
    dot !== -1 && comma !== -1 ? (comma > dot ? ',' : '.') : comma !== -1 && comma === text.indexOf(',') ? ',' : '.';
  const cut = decimal === '.' ? dot : comma;
  if (cut === -1) return { cents: amountToCents(text, decimal, line), rounded: false };
  // The digits past the cents (before a trailing sign or parenthesis, as "12.345-" or "(1.005)").
  const tail = /^(\d*)(.*)$/.exec(text.slice(cut + 1)) ?? ['', '', ''];
  const digits = tail[1] ?? '';
  const after = tail[2] ?? '';
  if (digits.length <= 2) return { cents: amountToCents(text, decimal, line), rounded: false };
  const cents = amountToCents(`${text.slice(0, cut + 1)}${digits.slice(0, 2)}${after}`, decimal, line);
  const rest = digits.slice(2);
  if (/^0*$/.test(rest)) return { cents, rounded: false };
  const half = rest[0] === '5' && /^0*$/.test(rest.slice(1));
  const up = rest[0] !== undefined && (rest[0] > '5' || (half ? Math.abs(cents) % 2 === 1 : rest[0] === '5'));
  if (!up) return { cents, rounded: true };
  // "-0.006" has zero whole cents: its sign is in the text.
  const negative = cents < 0 || (cents === 0 && /^[-(]|-$/.test(text));
  return { cents: negative ? cents - 1 : cents + 1, rounded: true };
}

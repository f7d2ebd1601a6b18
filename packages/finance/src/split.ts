/**
 * A transaction split across categories (issue 29 item 4): its parts add up exactly to the whole, each
 * signed like the whole. `splitCents` makes the parts of a rule's "split by amounts or percentages";
 * `splitDifference` checks parts a user typed.
 */
import { percentInBasisPoints } from './allocation.ts';
import { type Cents, type CentsInput, checkCents } from './cents.ts';

export type SplitShare =
  /** A fixed amount, as a magnitude in cents (it takes the whole's sign), taken before any percentage. */
  | { cents: CentsInput }
  /** A percentage (at most two decimals) of what the fixed amounts leave. */
  | { percent: number };

/**
 * The cents of each share, in order, adding up exactly to `totalCents` and signed like it. Fixed shares
 * take their amount first; call R the magnitude they leave. The percentage shares must then add up to
 * 100 % (or be none, when R is 0): each gets floor(R × p ÷ 100), and the cents still to give go one
 * by one to the largest fractional parts (the earlier share on a tie), so the parts always sum to the
 * whole. Products in BigInt ($10 billion in cents × 10,000 basis points is past 2^53). Throws a
 * RangeError when the shares cannot make the whole (fixed amounts past it; percentages not 100 %).
 */
export function splitCents(totalCents: CentsInput, shares: readonly SplitShare[]): Cents[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('the whole must be a safe integer of cents');
  const sign = totalCents < 0 ? -1 : 1;
  const whole = Math.abs(totalCents);
  let fixed = 0;
  for (const s of shares) {
    if ('cents' in s) {
      checkCents('a fixed share', s.cents);
      fixed += s.cents;
    }
  }
  if (fixed > whole) throw new RangeError('the fixed shares add up to more than the whole');
  const rest = whole - fixed;
  const bps = shares.map((s) => ('percent' in s ? percentInBasisPoints(s.percent) : null));
  const percentTotal = bps.reduce<number>((sum, bp) => sum + (bp ?? 0), 0);
  const percentShares = bps.filter((bp) => bp !== null).length;
  if (percentShares === 0 ? rest !== 0 : percentTotal !== 10_000) {
    throw new RangeError('the percentages must add up to 100 % of what the fixed shares leave');
  }
  const big = BigInt(rest);
  const exact = bps.map((bp) => (bp === null ? null : big * BigInt(bp)));
  const floors = exact.map((e) => (e === null ? 0 : Number(e / 10_000n)));
  let left = rest - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e === null ? -1n : e % 10_000n }))
    .filter((x) => x.frac >= 0n)
    .sort((a, b) => (a.frac === b.frac ? a.i - b.i : a.frac > b.frac ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((s, i) => {
    const magnitude = 'cents' in s ? s.cents : (floors[i] ?? 0);
    return (magnitude === 0 ? 0 : sign * magnitude) as Cents;
  });
}

/**
 * How far parts typed by a user are from the whole: their sum less the whole (0 when they add up
 * exactly; positive when they add up to more).
 */
export function splitDifference(totalCents: CentsInput, partCents: readonly CentsInput[]): Cents {
  return (partCents.reduce<number>((sum, c) => sum + c, 0) - totalCents) as Cents;
}

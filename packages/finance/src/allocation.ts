/**
 * The Money Nest's split of a deposit (issue 15): fixed amounts first, then percentages of what is
 * left, and the rest to the Wallet, so that every cent of the deposit lands in exactly one bucket.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

export const NEST_BUCKETS = ['wallet', 'loans', 'emergency_fund', 'goal', 'investment'] as const;
export type NestBucket = (typeof NEST_BUCKETS)[number];

export type AllocationRule =
  /** A fixed amount in cents, taken before any percentage. */
  | { kind: 'fixed'; value: CentsInput }
  /** A percentage (at most two decimals) of what the fixed amounts leave. */
  | { kind: 'percent'; value: number };

export interface Allocation {
  /** The cents of each rule, in the rules' order. */
  shares: Cents[];
  /** What no rule took: the Wallet's. */
  restCents: Cents;
}

/** A percentage as whole hundredths of a percent (basis points): 12.5 % is 1,250. */
export function percentInBasisPoints(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(bp - percent * 100) > 1e-6) {
    throw new RangeError('a percentage must be ≥ 0 with at most two decimals');
  }
  return bp;
}

/**
 * Fixed rules take their amount in order, each capped at what is left; call R what remains. The
 * percentage rules together take floor(R × their sum ÷ 100) cents, split by the largest remainder:
 * each gets R × p ÷ 100 rounded down, and the cents still to give go one by one to the largest
 * fractional parts (the earlier rule on a tie). The rest goes to the Wallet. Products are taken in
 * BigInt: $10 billion in cents times 10,000 basis points is past 2^53.
 */
export function allocateDeposit(input: { amountCents: CentsInput; rules: readonly AllocationRule[] }): Allocation {
  const { amountCents, rules } = input;
  checkCents('amountCents', amountCents);
  const shares: number[] = rules.map(() => 0);
  let left = amountCents as number;
  rules.forEach((rule, i) => {
    if (rule.kind !== 'fixed') return;
    checkCents(`rules[${i}].value`, rule.value);
    const take = Math.min(rule.value, left);
    shares[i] = take;
    left -= take;
  });

  const percents = rules.flatMap((rule, i) =>
    rule.kind === 'percent' ? [{ i, bp: percentInBasisPoints(rule.value) }] : [],
  );
  const sumBp = percents.reduce((sum, p) => sum + p.bp, 0);
  if (sumBp > 10_000) throw new RangeError('the percentages add up to more than 100 %');
  const r = BigInt(left);
  const total = Number((r * BigInt(sumBp)) / 10_000n);
  const parts = percents.map(({ i, bp }) => {
    const exact = r * BigInt(bp);
    return { i, floor: Number(exact / 10_000n), fraction: Number(exact % 10_000n) };
  });
  let toGive = total - parts.reduce((sum, p) => sum + p.floor, 0);
  for (const p of parts) shares[p.i] = p.floor;
  // Largest fractional part first; Array.prototype.sort is stable, so a tie keeps the rules' order.
  for (const p of [...parts].sort((a, b) => b.fraction - a.fraction)) {
    if (toGive === 0) break;
    shares[p.i] = (shares[p.i] ?? 0) + 1;
    toGive -= 1;
  }
  return { shares: shares.map(asCents), restCents: asCents(left - total) };
}

/** How far a saving is towards its target, for the emergency fund and the lifestyle goals alike. */

/**
 * Saved ÷ target in percent with two decimals (half-up), at most 100, computed on integers so 1/3 is
 * 33.33 and 2/3 is 66.67. A target of 0 (nothing to save for) counts as reached.
 */
export function progressPercent(savedCents: number, targetCents: number): number {
  if (targetCents === 0 || savedCents >= targetCents) return 100;
  const hundredths = (BigInt(savedCents) * 20_000n + BigInt(targetCents)) / (2n * BigInt(targetCents));
  return Number(hundredths) / 100;
}

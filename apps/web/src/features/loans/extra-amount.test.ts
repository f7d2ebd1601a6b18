import { describe, expect, it } from 'vitest';
import { extraCents } from './extra-amount.ts';

describe('the extra amount a month', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['150', 15_000],
    ['99.95', 9_995],
    ['10000000000', 1_000_000_000_000],
  ])('turns %j into %i cents', (text, cents) => {
    expect(extraCents(text)).toEqual({ cents });
  });

  it.each([
    ['fourteen digits', '12345678901234', /more than \$10 billion/],
    ['twenty digits', '12345678901234567890', /more than \$10 billion/],
    // What the currency input passes on as typed because it is not an amount.
    ['fractions of a cent', '1.005', /^Check this amount$/],
    ['a comma where no separator can be', '12,34.5', /^Check this amount$/],
    ['a second point', '1.2.3', /^Check this amount$/],
  ])('plans with no extra, and says why, for %s', (_label, text, reason) => {
    const result = extraCents(text);
    expect(result.cents).toBe(0);
    expect(result.error).toMatch(reason);
  });
});

describe('the same bounds as the API', () => {
  it('refuses exactly what the contract refuses', async () => {
    const { dollarAmount } = await import('@helo/contract/money');
    const schema = dollarAmount('Extra each month');
    // Every amount the currency input can pass on (digits and one point, at most two decimals).
    for (const text of ['0', '1.5', '1.05', '10000000000', '10000000000.01', '99.99', '12.']) {
      const contract = schema.safeParse(Number(text));
      const ours = extraCents(text);
      expect(ours.error === undefined, text).toBe(contract.success);
      if (!contract.success) expect(ours.error, text).toBe(contract.error.issues[0]?.message);
    }
  });
});

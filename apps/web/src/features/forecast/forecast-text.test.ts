import { type Dollars, dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { chartSummary, lowestLine } from './forecast-text.ts';

const $ = (n: number): Dollars => dollarsOf(n);
const day = (date: string, total: number) => ({ date, total: $(total), balances: {}, events: [] });

describe('forecast text', () => {
  it('says the lowest balance before the payday, or over the whole window without one', () => {
    const days = [day('2026-11-22', 100), day('2026-11-23', -20.5)];
    expect(
      lowestLine({ next_payday: '2026-11-27', lowest_before_payday: { amount: $(-20.5), date: '2026-11-23' }, days }),
    ).toMatch(/^Lowest balance before the next payday: -\$20\.50 on /);
    expect(lowestLine({ next_payday: null, lowest_before_payday: { amount: $(5), date: '2026-11-23' }, days })).toMatch(
      /^Lowest balance in the next 2 days: \$5\.00 on /,
    );
  });

  it("describes the chart's line in words", () => {
    expect(chartSummary({ total: $(50), days: [day('2026-11-22', 10), day('2026-11-23', 80)] })).toMatch(
      /goes from \$50\.00 today to \$80\.00 on .*Its lowest is \$10\.00 on /,
    );
    expect(chartSummary({ total: $(5), days: [day('2026-11-22', 10)] })).toMatch(/never falls below/);
  });
});

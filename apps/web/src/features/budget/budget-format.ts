import { type DollarsInput, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';

/** The API's dollars as '$1,234.50'. */
export const money = (dollars: DollarsInput) => formatCents(dollarsToCents(dollars));

/** The surplus (income − planned) in words: what is left to plan, or what is planned beyond the income. */
export function surplusText(surplus: number): string {
  if (surplus > 0) return `You plan ${money(surplus)} less than you earn`;
  if (surplus < 0) return `You plan ${money(-surplus)} more than you earn`;
  return 'You plan every dollar you earn';
}

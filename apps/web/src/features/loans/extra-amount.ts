import { MAX_DOLLARS } from '@helo/contract/money';
import { dollarsToCents, MoneyError } from '@helo/finance/cents';
import { CHECK_AMOUNT, isAmountText } from '../../components/ui/currency-rules.ts';

/**
 * The "Extra each month" text as cents for the plans, or the reason it can not be used: the bounds
 * of every amount the API takes (the contract's `dollarAmount`), so no typed amount can make the
 * plans' arithmetic throw while the page renders. An unusable amount plans with no extra and says
 * why under the field. (Checked by hand rather than with the zod schema: zod stays off this page.)
 */
export function extraCents(text: string): { cents: number; error?: string } {
  if (!isAmountText(text)) return { cents: 0, error: CHECK_AMOUNT };
  const dollars = text.trim() === '' ? 0 : Number(text);
  if (!Number.isFinite(dollars)) return { cents: 0, error: 'Extra each month must be a number' };
  if (dollars < 0) return { cents: 0, error: 'Extra each month cannot be negative' };
  if (dollars > MAX_DOLLARS) return { cents: 0, error: 'Extra each month cannot be more than $10 billion' };
  try {
    return { cents: dollarsToCents(dollars) };
  } catch (e) {
    if (e instanceof MoneyError) return { cents: 0, error: 'Extra each month can have at most two decimals (cents)' };
    throw e;
  }
}

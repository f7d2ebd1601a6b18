import type { WalletCategorySpending } from '@helo/contract/wallet';
import { formatDollars } from '../../lib/display-format.ts';

/** One category's bar: how full (0–100, of the planned amount), whether it is over, and its words. */
export interface SpendingBar {
  name: string;
  /** The filled part of the bar, in percent of its length. */
  fill: number;
  over: boolean;
  /** Planned − spent (negative when over); null without a plan. */
  left: number | null;
  /** What the bar says in figures, for everyone ('$40.00 of $100.00', '$12.00 over'). */
  text: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A category's bar is its planned amount, filled by what was spent (at most full; over the plan it
 * is full and says by how much). A category without a plan ('Uncategorized', a name the budget no
 * longer has) has no length to fill: its bar is full when anything was spent, empty otherwise.
 */
export function spendingBar(category: WalletCategorySpending): SpendingBar {
  const { name, planned, spent } = category;
  // Refunds above the spending: said as money back, not as a negative amount spent.
  const spentText = spent < 0 ? `${formatDollars(-spent)} refunded` : formatDollars(spent);
  if (planned === null) {
    const text = spent < 0 ? `${spentText}, no plan` : `${spentText} spent, no plan`;
    return { name, fill: spent > 0 ? 100 : 0, over: false, left: null, text };
  }
  const left = (cents(planned) - cents(spent)) / 100;
  const over = left < 0;
  const fill = planned <= 0 ? (spent > 0 ? 100 : 0) : Math.min(100, Math.max(0, (spent / planned) * 100));
  const text = over
    ? `${spentText} of ${formatDollars(planned)}, ${formatDollars(-left)} over`
    : `${spentText} of ${formatDollars(planned)}`;
  return { name, fill: Math.round(fill * 10) / 10, over, left, text };
}

import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import type { SQL } from 'drizzle-orm';
import { accountsOf, ensureAccount, type LedgerAccount, monthSums } from '../ledger/index.ts';
import { nestWalletBalanceSql } from '../nest/index.ts';

/** The ledger's kind of a wallet transaction's journal. */
export const WALLET_KIND = 'wallet.transaction';

/*
 * My Wallet's places in the world outside the user's accounts (decisions.md "Accounts and the Wallet on
 * the ledger"): money out, and money in under a real category (a refund), goes to the spending account
 * named by the category, as the budget spells it; money in 'Uncategorized' is income, on the income
 * account of that name (as spelled: a budget may spell the category 'uncategorized').
 */

const isUncategorized = (category: string) => category.toLowerCase() === UNCATEGORIZED.toLowerCase();

/** The outside account a transaction of this category and amount is posted against (made on first use). */
export function outsideAccountFor(
  tx: Db,
  userId: string,
  category: string,
  amountCents: number,
): Promise<LedgerAccount> {
  return amountCents > 0 && isUncategorized(category)
    ? ensureAccount(tx, userId, { kind: 'income', name: category })
    : ensureAccount(tx, userId, { kind: 'spending', name: category });
}

/** The category a transaction shows: the name of its outside account (income is 'Uncategorized' money in). */
export const categoryOf = (outside: LedgerAccount | undefined): string => outside?.name ?? UNCATEGORIZED;

/** An outside account of My Wallet's: a spending category, or the income of 'Uncategorized' money in. */
const isWalletOutside = (a: LedgerAccount) => a.kind === 'spending' || (a.kind === 'income' && isUncategorized(a.name));

/**
 * The outside accounts a category filter means: the spending accounts of that name (any case) and, for
 * 'Uncategorized', the income account too.
 */
export function accountsOfCategory(accounts: readonly LedgerAccount[], category: string): string[] {
  const wanted = category.toLowerCase();
  return accounts
    .filter(
      (a) =>
        (a.kind === 'spending' && a.name.toLowerCase() === wanted) ||
        (a.kind === 'income' && isUncategorized(a.name) && isUncategorized(category)),
    )
    .map((a) => a.id);
}

/**
 * Each category name's money out and money in (both positive) from `first` up to, not including, `next`,
 * in every account of the user: the month's sums of the spending accounts (money out less refunds:
 * reversals are dated like what they undo, so an edited or deleted transaction nets out of its month)
 * and of the income account (Uncategorized money in). `spendingByCategory` needs no more than out − in.
 */
export async function categoryFlows(
  db: Db,
  userId: string,
  first: string,
  next: string,
): Promise<{ name: string; outCents: number; inCents: number }[]> {
  const outside = (await accountsOf(db, userId)).filter(isWalletOutside);
  const sums = await monthSums(
    db,
    userId,
    outside.map((a) => a.id),
    first,
    next,
  );
  return outside.flatMap((a) => {
    const cents: Cents | undefined = sums.get(a.id);
    if (cents === undefined) return [];
    // Spending accrues positive (money out), income negative (money in).
    return [{ name: categoryOf(a), outCents: Math.max(cents, 0), inCents: Math.max(-cents, 0) }];
  });
}

/** The Wallet's balance statement (Home reads it with its other figures; the bench EXPLAINs it). */
export const balanceQuery = (userId: string): SQL => nestWalletBalanceSql(userId);

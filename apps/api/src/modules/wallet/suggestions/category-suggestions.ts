import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { buildSuggestionModel, suggestCategory } from '@helo/finance/category-suggestion';
import { descriptionTallies, type LedgerAccount } from '../../ledger/index.ts';
import { categoryOf, WALLET_KIND } from '../wallet.repository.ts';

/** How many of the user's newest transactions the suggestions learn from. */
export const SUGGESTION_HISTORY = 2_000;

/**
 * The category suggested for each Uncategorized row of a page (issue 29 item 2; decisions.md
 * "Category suggestions"): `suggestCategory` over the user's own recent categorised history (the
 * payee's usual category, else the bank's category mapped as the user filed it), read
 * once for the page (the newest SUGGESTION_HISTORY transactions, tallied by description and category
 * in the database), so a page costs one short, bounded read at any size of history. Nothing is read
 * for a page without Uncategorized rows. `accounts` are the user's (the list has read them).
 */
export async function suggestionsFor(
  db: Db,
  userId: string,
  accounts: readonly LedgerAccount[],
  rows: readonly { id: string; payee: string; bankCategory: string | null; accountId: string }[],
): Promise<Map<string, string | null>> {
  if (rows.length === 0) return new Map();
  const categories = accounts.filter(
    (a) => a.kind === 'spending' && a.name.toLowerCase() !== UNCATEGORIZED.toLowerCase(),
  );
  const byId = new Map(categories.map((a) => [a.id, a]));
  const tallies = await descriptionTallies(
    db,
    userId,
    WALLET_KIND,
    categories.map((a) => a.id),
    SUGGESTION_HISTORY,
  );
  // Each tally stands for `count` rows of its description: the model counts them as many.
  const model = buildSuggestionModel(
    tallies.map((t) => ({
      payee: t.description,
      category: categoryOf(byId.get(t.accountId)),
      date: t.last,
      count: t.count,
      bankCategory: t.bankCategory,
      accountId: t.sourceAccountId,
    })),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      suggestCategory(model, { payee: r.payee, bankCategory: r.bankCategory, accountId: r.accountId }),
    ]),
  );
}

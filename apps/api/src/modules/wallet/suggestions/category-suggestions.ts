import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { buildSuggestionModel, payeeKey, payeeWords, suggestCategory } from '@helo/finance/category-suggestion';
import { accountsOf, descriptionTallies } from '../../ledger/index.ts';
import { categoryOf, WALLET_KIND } from '../wallet.repository.ts';

/** The most descriptions one page's suggestions learn from (the most recently seen first). */
export const SUGGESTION_HISTORY = 2_000;
/** The most words one page searches the history for. */
const MAX_TERMS = 40;

/**
 * The category suggested for each Uncategorized row of a page (issue 29 item 2; decisions.md
 * "Category suggestions"): `suggestCategory` over the user's own categorised history. The history is
 * read once for the page, and only the part that can matter: transactions whose payee holds the first
 * word of one of the page's payees (the trigram index answers it), tallied by description and
 * category in the database, so a page costs one short read at any size of history.
 */
export async function suggestionsFor(
  db: Db,
  userId: string,
  rows: readonly { id: string; payee: string }[],
): Promise<Map<string, string | null>> {
  if (rows.length === 0) return new Map();
  const terms = [
    ...new Set(
      rows.flatMap((r) => {
        const [first] = payeeWords(payeeKey(r.payee));
        return first ? [first] : [];
      }),
    ),
  ].slice(0, MAX_TERMS);
  const categories = (await accountsOf(db, userId)).filter(
    (a) => a.kind === 'spending' && a.name.toLowerCase() !== UNCATEGORIZED.toLowerCase(),
  );
  const byId = new Map(categories.map((a) => [a.id, a]));
  const tallies = await descriptionTallies(
    db,
    userId,
    WALLET_KIND,
    categories.map((a) => a.id),
    terms,
    SUGGESTION_HISTORY,
  );
  // Each tally stands for `count` rows of its description: the model counts them as many.
  const model = buildSuggestionModel(
    tallies.map((t) => ({
      payee: t.description,
      category: categoryOf(byId.get(t.accountId)),
      date: t.last,
      count: t.count,
    })),
  );
  return new Map(rows.map((r) => [r.id, suggestCategory(model, { payee: r.payee })]));
}

import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { buildSuggestionModel, payeeKey, payeeWords, suggestCategory } from '@helo/finance/category-suggestion';
import { accountsOf, descriptionTallies } from '../../ledger/index.ts';
import { categoryOf, WALLET_KIND } from '../wallet.repository.ts';

/** The most categorised transactions one page's suggestions learn from, per word looked up. */
export const SUGGESTION_SAMPLE = 150;
/** The most words one page searches the history for (a page has at most 100 rows). */
const MAX_TERMS = 30;

/**
 * The category suggested for each Uncategorized row of a page (issue 29 item 2; decisions.md
 * "Category suggestions"): `suggestCategory` over the user's own categorised history. The history is
 * read once for the page, and only the part that can matter: transactions whose payee holds the first
 * word of one of the page's payees (the trigram index answers it), at most SUGGESTION_SAMPLE of them
 * per word, tallied by description and category in the database: a page costs one short, bounded
 * read at any size of history. A sample, not the whole history: a payee's usual category is what
 * most of its rows say, which a sample of 150 says as well.
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
    SUGGESTION_SAMPLE,
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

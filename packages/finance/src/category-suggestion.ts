import { merchantName } from './merchant-name.ts';

/**
 * A category suggested for a transaction no rule sorted (issue 29 item 2), learnt from the user's own
 * categorised history. In order:
 * 1. the payee's name: its description cleaned by `merchantName` and lower-cased ('TRADER JOE S #552
 *    SAN FRANCISCO CA' and 'Trader Joe's' are one payee); the category it had most often, a tie going
 *    to the category it had most recently, then the name's order;
 * 2. the bank's category (when the bank gave one) mapped to the category the user filed that bank
 *    category under most often in the same account (each bank names its categories its own way:
 *    one card's "Shopping" is groceries, another's clothes), else in any account, ties as above;
 * 3. the words of an unseen payee: each word (of 3 letters or more, not a number) votes for the
 *    categories it was seen in, in proportion to how often, so 'Blue Bottle Coffee Roasters' leans on
 *    'Blue Bottle Coffee'. A word seen under one category counts fully; one spread over many counts
 *    little. No word seen: no suggestion.
 * Pure: the caller reads the history and keeps the model for a page.
 */
export interface CategorisedRow {
  payee: string;
  category: string;
  /** YYYY-MM-DD; a later day wins a tie. */
  date: string;
  bankCategory?: string | null;
  /** The user's account the row is in: the bank category's mapping is remembered per account. */
  accountId?: string | null;
  /** How many rows this one stands for (a history tallied by description); 1 when absent. */
  count?: number;
}

interface Tally {
  count: number;
  last: string;
}

type Tallies = Map<string, Map<string, Tally>>;

export interface SuggestionModel {
  byName: Map<string, string>;
  byBankCategory: Map<string, string>;
  byWord: Map<string, Map<string, number>>;
}

/** Payees cleaned already: a page's suggestions clean the same few hundred names again and again. */
const cleaned = new Map<string, string>();
const CLEANED_MAX = 10_000;

/** The key a payee is known by: its cleaned name, lower-cased (remembered: merchantName is pure). */
export function payeeKey(payee: string): string {
  const known = cleaned.get(payee);
  if (known !== undefined) return known;
  const key = merchantName(payee).toLowerCase();
  if (cleaned.size >= CLEANED_MAX) cleaned.clear();
  cleaned.set(payee, key);
  return key;
}

/** The words of a cleaned name that can stand for it: letters, at least three. */
export function payeeWords(key: string): string[] {
  return [...new Set(key.split(/[^a-z0-9&']+/).filter((w) => w.length >= 3 && !/^\d+$/.test(w)))];
}

function add(tallies: Tallies, key: string, category: string, date: string, count: number) {
  const byCategory = tallies.get(key) ?? new Map<string, Tally>();
  const t = byCategory.get(category);
  if (t) {
    t.count += count;
    if (date > t.last) t.last = date;
  } else byCategory.set(category, { count, last: date });
  tallies.set(key, byCategory);
}

/** The category tallied most; ties to the latest day, then the name's order (deterministic). */
function winner(byCategory: Map<string, Tally>): string | undefined {
  let best: [string, Tally] | undefined;
  for (const entry of byCategory) {
    const [name, t] = entry;
    if (
      !best ||
      t.count > best[1].count ||
      (t.count === best[1].count && (t.last > best[1].last || (t.last === best[1].last && name < best[0])))
    ) {
      best = entry;
    }
  }
  return best?.[0];
}

export function buildSuggestionModel(history: readonly CategorisedRow[]): SuggestionModel {
  const names: Tallies = new Map();
  const banks: Tallies = new Map();
  const words = new Map<string, Map<string, number>>();
  for (const row of history) {
    const count = Math.max(1, Math.floor(row.count ?? 1));
    const key = payeeKey(row.payee);
    if (key) add(names, key, row.category, row.date, count);
    const bank = row.bankCategory?.trim().toLowerCase();
    if (bank) {
      add(banks, bank, row.category, row.date, count);
      if (row.accountId) add(banks, accountBank(row.accountId, bank), row.category, row.date, count);
    }
    for (const w of payeeWords(key)) {
      const byCategory = words.get(w) ?? new Map<string, number>();
      byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + count);
      words.set(w, byCategory);
    }
  }
  const decided = (tallies: Tallies) =>
    new Map(
      [...tallies].flatMap(([k, v]) => {
        const w = winner(v);
        return w === undefined ? [] : [[k, w] as const];
      }),
    );
  return { byName: decided(names), byBankCategory: decided(banks), byWord: words };
}

/** The key of a bank category as one account's bank uses it (NUL cannot be in either part). */
const accountBank = (accountId: string, bank: string) => `${accountId}\u0000${bank}`;

export function suggestCategory(
  model: SuggestionModel,
  row: { payee: string; bankCategory?: string | null; accountId?: string | null },
): string | null {
  const key = payeeKey(row.payee);
  const named = model.byName.get(key);
  if (named !== undefined) return named;
  const bank = row.bankCategory?.trim().toLowerCase();
  const mapped = bank
    ? ((row.accountId ? model.byBankCategory.get(accountBank(row.accountId, bank)) : undefined) ??
      model.byBankCategory.get(bank))
    : undefined;
  if (mapped !== undefined) return mapped;
  const votes = new Map<string, number>();
  for (const w of payeeWords(key)) {
    const byCategory = model.byWord.get(w);
    if (!byCategory) continue;
    let total = 0;
    for (const n of byCategory.values()) total += n;
    for (const [category, n] of byCategory) votes.set(category, (votes.get(category) ?? 0) + n / total);
  }
  let best: [string, number] | undefined;
  for (const entry of votes) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  }
  return best?.[0] ?? null;
}

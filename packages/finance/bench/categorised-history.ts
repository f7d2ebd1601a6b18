/**
 * A realistic categorised history for the category suggestions (issue 29 item 2): a year of one
 * household's card and bank rows, each merchant printed the noisy ways banks print it (store numbers,
 * card suffixes, city and state tails, processor prefixes: the shapes of merchant-name.test.ts), a few
 * merchants the household files under two categories (Target: groceries or household), a few rows
 * filed by mistake, and a long tail of places seen once or twice. Seeded: the same seed, the same rows.
 */
import { buildSuggestionModel, type CategorisedRow, suggestCategory } from '../src/category-suggestion.ts';

interface Merchant {
  /** How banks print it; `#` becomes a store number, `@` a city and state. */
  shapes: string[];
  category: string;
  /** Another category it is sometimes filed under, and how often. */
  also?: { category: string; share: number };
  bankCategory: string;
  weight: number;
}

const M = (
  category: string,
  bankCategory: string,
  weight: number,
  shapes: string[],
  also?: Merchant['also'],
): Merchant => ({ category, bankCategory, weight, shapes, ...(also ? { also } : {}) });

const MERCHANTS: Merchant[] = [
  M('Groceries', 'Groceries', 30, ['TRADER JOE S ## @', 'CARD PURCHASE 11/03 TRADER JOE S ## @ CARD 1234']),
  M('Groceries', 'Groceries', 20, ['SAFEWAY ## @', 'POS PURCHASE SAFEWAY ## @']),
  M('Groceries', 'Groceries', 14, ['WHOLE FOODS MARKET ## @', 'WHOLEFDS MKT 10234 @']),
  M('Groceries', 'Shopping', 12, ['COSTCO WHSE ## @'], { category: 'Household', share: 0.15 }),
  M('Groceries', 'Shopping', 10, ['TARGET T-1234 @', 'TARGET ## @'], { category: 'Household', share: 0.2 }),
  M('Dining out', 'Restaurants', 16, ['SQ *BLUE BOTTLE COFFEE @', 'SQ * BLUE BOTTLE COFFEE @']),
  M('Dining out', 'Restaurants', 12, ['STARBUCKS STORE 12345 @', 'POS DEBIT STARBUCKS STORE 12345 @']),
  M('Dining out', 'Restaurants', 8, ['TST* THE MILL @']),
  M('Dining out', 'Restaurants', 8, ['APLPAY CHIPOTLE 1234 @', 'CHIPOTLE ## @']),
  M('Dining out', 'Restaurants', 6, ["MCDONALD'S F12345 @", 'MCDONALD S F12345 @']),
  M('Dining out', 'Restaurants', 5, ['DD *DOORDASH CHIPOTLE 855-973-1040 CA', 'DOORDASH*DASHPASS 855-973-1040 CA']),
  M('Dining out', 'Restaurants', 4, ['JOE S PIZZA @']),
  M('Transport', 'Travel', 14, ['UBER *TRIP HELP.UBER.COM CA', 'UBER *TRIP']),
  M('Transport', 'Travel', 8, ['LYFT *RIDE WED 4PM', 'LYFT *RIDE SUN 11AM']),
  M('Transport', 'Gas', 12, ['SHELL OIL 57444024002 @', 'SHELL OIL 12345678 @']),
  M('Transport', 'Gas', 10, ['CHEVRON 0203456 @', 'CHEVRON 0211111 @']),
  M('Transport', 'Travel', 4, ['CITY OF OAKLAND PARKING OAKLAND CA']),
  M('Subscriptions', 'Entertainment', 12, ['PAYPAL *NETFLIX.COM 402-935-7733 CA', 'NETFLIX.COM LOS GATOS CA']),
  M('Subscriptions', 'Entertainment', 12, ['RECURRING CARD PURCHASE 11/03 SPOTIFY USA 877-778-1161 NY CARD 1234']),
  M('Subscriptions', 'Entertainment', 6, ['GOOGLE *YOUTUBE PREMIUM G.CO/HELPPAY# CA']),
  M('Subscriptions', 'Services', 6, ['APL* ITUNES.COM/BILL 866-712-7753 CA', 'APPLE.COM/BILL 866-712-7753 CA']),
  M('Shopping', 'Shopping', 20, ['AMZN Mktp US*2K4AB12C3 Amzn.com/bill WA', 'AMAZON.COM*MK1AB23CD AMZN.COM/BILL WA'], {
    category: 'Household',
    share: 0.1,
  }),
  M('Shopping', 'Shopping', 4, ['PP*ETSY 718-855-7955 NY']),
  M('Shopping', 'Shopping', 4, ['SP * ALLBIRDS @']),
  M('Shopping', 'Clothing', 4, ['H&M 0123 @']),
  M('Household', 'Home Improvement', 6, ['THE HOME DEPOT ## @']),
  M('Household', 'Shopping', 6, ['WAL-MART ## @', 'WM SUPERCENTER ## @'], { category: 'Groceries', share: 0.25 }),
  M('Health', 'Pharmacy', 6, ['WALGREENS ## @']),
  M('Health', 'Pharmacy', 6, ['CVS/PHARMACY #01234 @']),
  M('Health', 'Fitness', 4, ['24 HOUR FITNESS USA 800-432-6348 CA']),
  M('Utilities', 'Utilities', 4, ['COMCAST CALIFORNIA 800-266-2278 CA']),
  M('Utilities', 'Utilities', 4, ['VERIZON WIRELESS PAYMENTS PPD ID: 1223344556']),
  M('Utilities', 'Utilities', 4, ['PG&E WEB ONLINE NOV 26 12345678901']),
  M('Insurance', 'Insurance', 3, ['ACH DEBIT GEICO AUTO 1234567890']),
];

/** Places seen once or twice: the suggestions can only guess them from their words or the bank's category. */
const TAIL_WORDS = ['CAFE', 'PIZZA', 'MARKET', 'GRILL', 'BOOKS', 'HARDWARE', 'BAKERY', 'NAILS', 'TACOS', 'DELI'];
const TAIL_CATEGORY: Record<string, [string, string]> = {
  CAFE: ['Dining out', 'Restaurants'],
  PIZZA: ['Dining out', 'Restaurants'],
  MARKET: ['Groceries', 'Groceries'],
  GRILL: ['Dining out', 'Restaurants'],
  BOOKS: ['Shopping', 'Shopping'],
  HARDWARE: ['Household', 'Home Improvement'],
  BAKERY: ['Dining out', 'Restaurants'],
  NAILS: ['Personal care', 'Services'],
  TACOS: ['Dining out', 'Restaurants'],
  DELI: ['Dining out', 'Restaurants'],
};
const OWNER_NAMES = ['ROSAS', 'LUCKY', 'GOLDEN', 'CORNER', 'SUNSET', 'MAPLE', 'HARBOR', 'VILLAGE', 'PARK', 'MISSION'];
const CITIES = ['SAN FRANCISCO CA', 'OAKLAND CA', 'BERKELEY CA', 'SEATTLE WA', 'NEW YORK NY', 'AUSTIN TX'];
const CATEGORIES_MISFILED = ['Shopping', 'Dining out', 'Groceries', 'Household'];

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The merchant at `point` of the weights laid end to end. */
function weighted(point: number): Merchant {
  let left = point;
  for (const m of MERCHANTS) {
    left -= m.weight;
    if (left < 0) return m;
  }
  return MERCHANTS[0] as Merchant;
}

export interface GeneratedRow extends CategorisedRow {
  bankCategory: string;
}

/** `count` rows over a year from 2026-01-01, in date order. */
export function categorisedHistory(count: number, seed: number): GeneratedRow[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const totalWeight = MERCHANTS.reduce((s, m) => s + m.weight, 0);
  const rows: GeneratedRow[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor((i * 365) / count) * 86_400_000).toISOString().slice(0, 10);
    if (next() < 0.06) {
      const word = pick(TAIL_WORDS);
      const [category, bankCategory] = TAIL_CATEGORY[word] ?? ['Shopping', 'Shopping'];
      rows.push({ payee: `SQ *${pick(OWNER_NAMES)} ${word} ${pick(CITIES)}`, category, bankCategory, date: day });
      continue;
    }
    const merchant = weighted(next() * totalWeight);
    const payee = pick(merchant.shapes)
      .replace('##', `#${100 + Math.floor(next() * 9000)}`)
      .replace('@', pick(CITIES));
    const misfiled = next() < 0.02;
    const category = misfiled
      ? pick(CATEGORIES_MISFILED)
      : merchant.also && next() < merchant.also.share
        ? merchant.also.category
        : merchant.category;
    rows.push({ payee, category, bankCategory: merchant.bankCategory, date: day });
  }
  return rows;
}

/**
 * Learns from the first four fifths (in date order, as the user's history grows) and suggests for the
 * last fifth; right is the share of the held-out rows whose suggestion is the category the user chose.
 */
export function heldOutAccuracy(rows: readonly GeneratedRow[]): { right: number; total: number; accuracy: number } {
  const cut = Math.floor((rows.length * 4) / 5);
  const model = buildSuggestionModel(rows.slice(0, cut));
  const held = rows.slice(cut);
  const right = held.filter((r) => suggestCategory(model, r) === r.category).length;
  return { right, total: held.length, accuracy: held.length === 0 ? 0 : right / held.length };
}

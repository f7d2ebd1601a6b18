import { addDays, daysBetween } from '@helo/finance/calendar';

/**
 * The one duplicate engine (issue 28 item 2, decisions.md "One duplicate engine"): what a bank file's
 * rows, a connection's synced rows and a hand entry are judged by against what an account holds.
 * Pure: the callers read the account's neighbours (same amount, dates within DUPLICATE_DAYS) and pass
 * them in.
 *
 * - `same`: the row IS a transaction the account holds, and is left out: the same bank id in the
 *   account (or earlier in the same file), or the very row (day, amount, payee) of an earlier file.
 * - `possible`: a candidate in the account with the same amount, a day at most DUPLICATE_DAYS away
 *   and a payee alike; kept, flagged, for the user to merge or keep both.
 * - `new`: neither.
 * Rows of one file are never judged against each other by likeness: two coffees bought that day are two.
 */

export const DUPLICATE_DAYS = 3;
/** Share of the shorter payee's words the other one holds (see payeeLikeness). */
export const LIKENESS_THRESHOLD = 0.5;

/** A transaction the account holds. */
export interface Held {
  id: string;
  date: string;
  amountCents: number;
  payee: string;
  /** The bank's words it came in as, when the payee is the merchant name made of them. */
  bankPayee?: string | null;
  bankId: string | null;
  /** The import (or sync) it came in; null when entered by hand. */
  batchId: string | null;
  /** False for what can be recognised but not merged (a bank row linked to a Money Nest deposit). */
  mergeable?: boolean;
}

/** A row arriving from a file or a bank connection. */
export interface Incoming {
  date: string;
  amountCents: number;
  payee: string;
  bankId: string | null;
}

export type Verdict = { kind: 'new' } | { kind: 'same'; id: string | null } | { kind: 'possible'; id: string };

/** Words no payee is told apart by: card-terminal prefixes, processors, store-number labels. */
const NOISE = new Set([
  'pos',
  'card',
  'purchase',
  'debit',
  'credit',
  'checkcard',
  'check',
  'visa',
  'mastercard',
  'mc',
  'ach',
  'dda',
  'recurring',
  'payment',
  'pmt',
  'transaction',
  'txn',
  'authorized',
  'on',
  'withdrawal',
  'sq',
  'tst',
  'sp',
  'paypal',
  'www',
  'com',
  'inc',
  'llc',
  'ltd',
  'co',
  'store',
  'no',
  'the',
]);

/**
 * A payee's words as a bank and a person both write them: lower case, accents dropped, digits and
 * punctuation (store numbers, card digits, "#1234", "*") gone, noise words out.
 */
export function payeeWords(payee: string): string[] {
  const plain = payee
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  if (plain === '') return [];
  return plain.split(' ').filter((w) => w.length > 1 && !NOISE.has(w));
}

/**
 * How alike two payees are, 0 to 1: the share of the shorter one's words found in the other (a word
 * matches one it begins, "starbu" → "starbucks", from 4 letters), or 1 when the words run together
 * the same ("BLUEBOTTLE" and "Blue Bottle"). Bank descriptors add words ("SQ *BLUE BOTTLE COFFEE
 * #12 SAN FRANCISCO") to what a person types ("Blue Bottle"), so the shorter side is the measure.
 */
export function payeeLikeness(a: string, b: string): number {
  const wa = payeeWords(a);
  const wb = payeeWords(b);
  if (wa.length === 0 || wb.length === 0) {
    // Nothing but digits and noise on a side: only the very same text is alike.
    return a.trim().toLowerCase() === b.trim().toLowerCase() ? 1 : 0;
  }
  const joinedA = wa.join('');
  const joinedB = wb.join('');
  if (joinedA === joinedB) return 1;
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  const found = short.filter((w) =>
    long.some((l) => l === w || (w.length >= 4 && l.startsWith(w)) || (l.length >= 4 && w.startsWith(l))),
  );
  const share = found.length / short.length;
  const [shortJoined, longJoined] = joinedA.length <= joinedB.length ? [joinedA, joinedB] : [joinedB, joinedA];
  return shortJoined.length >= 5 && longJoined.includes(shortJoined) ? 1 : share;
}

export const payeesAlike = (a: string, b: string) => payeeLikeness(a, b) >= LIKENESS_THRESHOLD;

const within = (a: string, b: string) => Math.abs(daysBetween(a, b)) <= DUPLICATE_DAYS;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The names a transaction goes by: its payee, and the bank's words it came in as (issue 29). */
const namesOf = (x: { payee: string; bankPayee?: string | null }) =>
  x.bankPayee && x.bankPayee !== x.payee ? [x.payee, x.bankPayee] : [x.payee];

/** The likeness of the most alike of the two transactions' names. */
const likenessOf = (a: { payee: string; bankPayee?: string | null }, b: { payee: string; bankPayee?: string | null }) =>
  Math.max(...namesOf(a).flatMap((x) => namesOf(b).map((y) => payeeLikeness(x, y))));
const byHand = (t: Held) => t.batchId === null && t.bankId === null;
/**
 * Where a bank id comes from: a connection's ids are kept as `connection:<provider>:<id>`
 * (connectionBankId), a file's as the bank wrote them. The same transaction has one id in the bank's
 * files (OFX FITID) and another at SimpleFIN, so ids are told apart only within one source.
 */
const CONNECTION_ID = 'connection:';
export const connectionBankId = (provider: string, id: string) => `${CONNECTION_ID}${provider}:${id}`;
const sourceOf = (bankId: string) =>
  bankId.startsWith(CONNECTION_ID) ? bankId.slice(0, bankId.indexOf(':', CONNECTION_ID.length) + 1) : 'file';
/** Two ids one source gave are two transactions, whatever else they share. */
const differentBankIds = (a: string | null, b: string | null) =>
  a !== null && b !== null && a !== b && sourceOf(a) === sourceOf(b);

/** The days a row's candidates can be on: the callers' query window. */
export function candidateDays(date: string): string[] {
  return Array.from({ length: DUPLICATE_DAYS * 2 + 1 }, (_, i) => addDays(date, i - DUPLICATE_DAYS));
}

/**
 * Judges a file's (or a sync's) rows, in order, against the account's transactions. Each held
 * transaction answers for one row at most, so a row repeated in a file finds a second match only in a
 * second held transaction. A possible duplicate's candidate is the most alike payee, then the nearest
 * day, then the lowest id (so the order they are read in changes nothing).
 */
export function judgeRows(rows: readonly Incoming[], held: readonly Held[]): Verdict[] {
  const bankIds = new Map<string, string>();
  for (const h of held) if (h.bankId !== null) bankIds.set(h.bankId, h.id);
  const seenInFile = new Set<string>();
  const used = new Set<string>();
  const verdicts: Verdict[] = rows.map((row) => {
    if (row.bankId !== null) {
      const id = bankIds.get(row.bankId);
      if (id !== undefined) return { kind: 'same', id };
      if (seenInFile.has(row.bankId)) return { kind: 'same', id: null };
      seenInFile.add(row.bankId);
    }
    return { kind: 'new' };
  });
  // Held by amount: a file of 100,000 rows against as many held is looked up, never scanned.
  const byAmount = new Map<number, Held[]>();
  for (const h of held) {
    const same = byAmount.get(h.amountCents);
    if (same) same.push(h);
    else byAmount.set(h.amountCents, [h]);
  }
  // The very row of an earlier file (no bank id told them apart) is that row.
  rows.forEach((row, i) => {
    if (verdicts[i]?.kind !== 'new') return;
    const match = (byAmount.get(row.amountCents) ?? []).find(
      (h) =>
        !used.has(h.id) &&
        h.batchId !== null &&
        h.date === row.date &&
        h.amountCents === row.amountCents &&
        namesOf(h).some((n) => sameText(n, row.payee)) &&
        !differentBankIds(h.bankId, row.bankId),
    );
    if (match) {
      used.add(match.id);
      verdicts[i] = { kind: 'same', id: match.id };
    }
  });
  rows.forEach((row, i) => {
    if (verdicts[i]?.kind !== 'new') return;
    const match = bestCandidate(
      row,
      byAmount.get(row.amountCents) ?? [],
      (h) => !used.has(h.id) && h.mergeable !== false,
    );
    if (match) {
      used.add(match.id);
      verdicts[i] = { kind: 'possible', id: match.id };
    }
  });
  return verdicts;
}

/** Whether two transactions the account holds could be one: what the list flags. */
export function possiblePair(a: Held, b: Held): boolean {
  if (a.id === b.id) return false;
  // Both typed by hand (no file, no bank id): the user meant two. Both from one file: two rows of the bank.
  if (byHand(a) && byHand(b)) return false;
  if (a.batchId !== null && a.batchId === b.batchId) return false;
  if (differentBankIds(a.bankId, b.bankId)) return false;
  return a.amountCents === b.amountCents && within(a.date, b.date) && likenessOf(a, b) >= LIKENESS_THRESHOLD;
}

/** The held transaction a transaction in the list is flagged against, if any (not a dismissed pair). */
export function partnerOf(
  t: Held,
  neighbours: readonly Held[],
  dismissed: (a: string, b: string) => boolean,
): Held | undefined {
  return bestCandidate(t, neighbours, (h) => h.mergeable !== false && possiblePair(t, h) && !dismissed(t.id, h.id));
}

function bestCandidate(row: Incoming, held: readonly Held[], allowed: (h: Held) => boolean): Held | undefined {
  let best: { h: Held; likeness: number; days: number } | undefined;
  for (const h of held) {
    if (h.amountCents !== row.amountCents || !within(h.date, row.date) || differentBankIds(h.bankId, row.bankId))
      continue;
    if (!allowed(h)) continue;
    const likeness = likenessOf(h, row);
    if (likeness < LIKENESS_THRESHOLD) continue;
    const days = Math.abs(daysBetween(h.date, row.date));
    const better =
      !best ||
      likeness > best.likeness ||
      (likeness === best.likeness && (days < best.days || (days === best.days && h.id < best.h.id)));
    if (better) {
      best = { h, likeness, days };
    }
  }
  return best?.h;
}

/** A pair's key, the same whichever way round it is asked. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

import { daysApart } from './matching.ts';

/**
 * Transfers between two of the user's own accounts found in their transactions (issue 29 item 5):
 * money out of one account and the same money into another is one movement, not spending and
 * income. Two transactions pair when they are in different accounts, their amounts are exactly
 * opposite (never zero), and their days are at most `maxDays` apart.
 *
 * Order (so the answer never depends on the order rows are given in): the nearest days pair first;
 * among equally near pairs, the money-out row with the earlier date, then the smaller id, then the
 * money-in row with the earlier date and the smaller id. Each row is in at most one pair. When `fresh`
 * is given, only pairs with at least one fresh row are found (an import pairs its new rows against
 * the user's recent ones; two old rows the user left apart stay apart).
 */
export interface TransferRow {
  id: string;
  accountId: string;
  date: string;
  amountCents: number;
}

export interface TransferPair {
  /** The row the money left (amount below zero). */
  outId: string;
  /** The row the money arrived in. */
  inId: string;
}

export const TRANSFER_DAYS = 3;

export function findTransfers(
  rows: readonly TransferRow[],
  options: { maxDays?: number; fresh?: ReadonlySet<string> } = {},
): TransferPair[] {
  const maxDays = options.maxDays ?? TRANSFER_DAYS;
  const incoming = new Map<number, TransferRow[]>();
  for (const r of rows) {
    if (r.amountCents > 0) incoming.set(r.amountCents, [...(incoming.get(r.amountCents) ?? []), r]);
  }
  const candidates: { out: TransferRow; into: TransferRow; days: number }[] = [];
  for (const out of rows) {
    if (out.amountCents >= 0) continue;
    for (const into of incoming.get(-out.amountCents) ?? []) {
      if (into.accountId === out.accountId) continue;
      if (options.fresh && !options.fresh.has(out.id) && !options.fresh.has(into.id)) continue;
      const days = daysApart(out.date, into.date);
      if (days <= maxDays) candidates.push({ out, into, days });
    }
  }
  candidates.sort(
    (a, b) =>
      a.days - b.days ||
      a.out.date.localeCompare(b.out.date) ||
      compare(a.out.id, b.out.id) ||
      a.into.date.localeCompare(b.into.date) ||
      compare(a.into.id, b.into.id),
  );
  const taken = new Set<string>();
  const pairs: TransferPair[] = [];
  for (const c of candidates) {
    if (taken.has(c.out.id) || taken.has(c.into.id)) continue;
    taken.add(c.out.id);
    taken.add(c.into.id);
    pairs.push({ outId: c.out.id, inId: c.into.id });
  }
  return pairs;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

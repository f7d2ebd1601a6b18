/**
 * Pairs rows of a bank file with records the user has already (issue 27 item 4): a paycheck the
 * Money Nest recorded, the other side of a transfer. A row and a record pair when their amounts are
 * equal and their days at most `maxDays` apart; the nearest days pair first (then the file's order,
 * then the earlier record), and each row and each record pairs at most once.
 */
export interface MatchRow {
  date: string;
  amountCents: number;
}

export interface MatchCandidate {
  id: string;
  date: string;
  amountCents: number;
}

const DAY_MS = 86_400_000;

/** Whole days between two calendar days (YYYY-MM-DD), in either order. */
export function daysApart(a: string, b: string): number {
  return Math.abs(Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS));
}

/** Row index → the candidate it pairs with. */
export function matchRows(
  rows: readonly MatchRow[],
  candidates: readonly MatchCandidate[],
  maxDays: number,
): Map<number, string> {
  const pairs: { row: number; candidate: MatchCandidate; days: number }[] = [];
  const byAmount = new Map<number, MatchCandidate[]>();
  for (const c of candidates) byAmount.set(c.amountCents, [...(byAmount.get(c.amountCents) ?? []), c]);
  rows.forEach((row, i) => {
    for (const candidate of byAmount.get(row.amountCents) ?? []) {
      const days = daysApart(row.date, candidate.date);
      if (days <= maxDays) pairs.push({ row: i, candidate, days });
    }
  });
  pairs.sort(
    (a, b) =>
      a.days - b.days ||
      a.row - b.row ||
      a.candidate.date.localeCompare(b.candidate.date) ||
      a.candidate.id.localeCompare(b.candidate.id),
  );
  const matched = new Map<number, string>();
  const taken = new Set<string>();
  for (const p of pairs) {
    if (matched.has(p.row) || taken.has(p.candidate.id)) continue;
    matched.set(p.row, p.candidate.id);
    taken.add(p.candidate.id);
  }
  return matched;
}

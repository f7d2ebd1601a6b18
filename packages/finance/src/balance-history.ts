/**
 * Balances over time from dated snapshots: an account's balance on a day is its latest snapshot on
 * or before that day, and the total is the sum over the accounts that had one by then.
 */
import { asCents, type Cents, type CentsInput } from './cents.ts';

export interface Snapshot {
  /** 'YYYY-MM-DD'. */
  date: string;
  balanceCents: CentsInput;
}

export interface HistoryPoint {
  date: string;
  totalCents: Cents;
  /** Per account, in the input's order; null before the account's first snapshot. */
  accountsCents: (Cents | null)[];
}

/**
 * One point per day on which any account has a snapshot, oldest first. Snapshots may come in any
 * order; two on the same day for one account keep the last given (the API keeps one a day anyway).
 */
export function balanceHistory(accounts: readonly (readonly Snapshot[])[]): HistoryPoint[] {
  const byDay = accounts.map((snapshots) => {
    const days = new Map<string, number>();
    for (const s of snapshots) days.set(s.date, s.balanceCents);
    return days;
  });
  const dates = [...new Set(byDay.flatMap((days) => [...days.keys()]))].sort();
  const current: (number | null)[] = accounts.map(() => null);
  return dates.map((date) => {
    byDay.forEach((days, i) => {
      const balance = days.get(date);
      if (balance !== undefined) current[i] = balance;
    });
    let total = 0;
    for (const balance of current) total += balance ?? 0;
    return {
      date,
      totalCents: asCents(total),
      accountsCents: current.map((balance) => (balance === null ? null : asCents(balance))),
    };
  });
}

/**
 * Finding money that comes and goes on a schedule in a history of transactions, and matching a new
 * transaction to its series (issue 30 item 1; docs/decisions.md "Recurring series: what counts as
 * found"). Pure: the caller gives the rows and today.
 *
 * Found: the rows of one account with one payee (its merchant name, in any case) going the same way
 * (in or out) that fall due on a regular cadence: at least three of them each within a few days of
 * a due date (DATE_TOLERANCE), at most one due date in four without a row, and no more rows of that
 * payee off the schedule than on it (a coffee shop visited every day is not a weekly bill). Their
 * amounts are similar: all the same, or the same in runs (a price change: $15.49 twice, then $17.99),
 * or within 25 % of their median (a utility bill; the amount then varies). The last one is recent: the
 * next due date after it is at most one cadence before today (a subscription cancelled long ago is
 * not offered).
 */
import { addDays, type Day, dayParts, daysBetween, daysInMonth, monthOf } from './calendar.ts';
import { daysApart } from './matching.ts';
import { merchantName } from './merchant-name.ts';
import { type Cadence, cadenceDays, nextOccurrence, occurrences, type Schedule } from './recurring.ts';

/** A transaction as the history gives it: signed as seen from its account (money out negative). */
export interface HistoryRow {
  id: string;
  accountId: string;
  date: Day;
  amountCents: number;
  /** Its payee (the description the Wallet shows). */
  payee: string;
  category: string | null;
}

/** How far a real payment may be from its due date and still count, by cadence (days). */
export const DATE_TOLERANCE: Record<Cadence['every'], number> = {
  week: 1,
  two_weeks: 2,
  twice_month: 3,
  month: 3,
  year: 5,
};

/** The matcher of new rows is a little more lenient than the finder (a payment held over a long weekend). */
export const MATCH_DAYS: Record<Cadence['every'], number> = {
  week: 2,
  two_weeks: 3,
  twice_month: 4,
  month: 5,
  year: 7,
};

/** Amounts that vary stay within this share of their median (a found series). */
export const VARYING_SHARE = 0.25;
/** A new row matches a series of a fixed amount within this share of it (a price change), a varying one within twice it. */
export const MATCH_SHARE = 0.25;

/** The key a payee is grouped and matched by: its merchant name, lower case, spaces collapsed. */
export function payeeKey(payee: string): string {
  const cleaned = merchantName(payee) || payee;
  return cleaned.toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface PriceChangeSeen {
  date: Day;
  fromCents: number;
  toCents: number;
}

export interface FoundSeries {
  /** Stable across reads: account, direction and payee. */
  key: string;
  payeeKey: string;
  name: string;
  direction: 'in' | 'out';
  cadence: Cadence;
  start: Day;
  /** Positive: the latest amount when fixed, the median when it varies. */
  amountCents: number;
  amountVaries: boolean;
  accountId: string;
  category: string | null;
  /** The rows found on the schedule, oldest first, with the due date each paid. */
  occurrences: { id: string; date: Day; amountCents: number; dueDate: Day }[];
  priceChange: PriceChangeSeen | null;
  nextDate: Day | null;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : Math.round(((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2);
};

const isLastDay = (d: Day): boolean => dayParts(d)[2] === daysInMonth(monthOf(d));

/** The cadences worth trying for rows whose dates are these (oldest first). */
function candidates(dates: readonly Day[]): { cadence: Cadence; start: Day }[] {
  const first = dates[0] as Day;
  const gaps = dates.slice(1).map((d, i) => daysBetween(dates[i] as Day, d));
  const gap = median(gaps);
  const out: { cadence: Cadence; start: Day }[] = [];
  const dom = dates.map((d) => dayParts(d)[2]);
  if (gap >= 5 && gap <= 9) out.push({ cadence: { every: 'week' }, start: first });
  if (gap >= 10 && gap <= 18) {
    out.push({ cadence: { every: 'two_weeks' }, start: first });
    const early = dom.filter((d) => d < 16);
    const late = dom.filter((d) => d >= 16);
    if (early.length > 0 && late.length > 0) {
      const a = median(early);
      const lateLast = dates.filter((d) => dayParts(d)[2] >= 16).filter(isLastDay).length * 2 >= late.length;
      const b = lateLast ? 31 : median(late);
      if (b - a >= 7) out.push({ cadence: { every: 'twice_month', days: [a, b] }, start: addDays(first, -3) });
    }
  }
  if (gap >= 25 && gap <= 35) {
    const last = dates.filter(isLastDay).length * 2 >= dates.length;
    out.push({ cadence: { every: 'month', day: last ? 'last' : median(dom) }, start: addDays(first, -3) });
  }
  if (gap >= 350 && gap <= 380) out.push({ cadence: { every: 'year' }, start: first });
  return out;
}

interface Fit {
  schedule: Schedule;
  hits: { row: HistoryRow; due: Day }[];
  missed: number;
}

/** Pairs due dates with the nearest unused row within the cadence's tolerance. */
function fit(schedule: Schedule, rows: readonly HistoryRow[]): Fit {
  const tol = DATE_TOLERANCE[schedule.cadence.every];
  const first = (rows[0] as HistoryRow).date;
  const last = (rows.at(-1) as HistoryRow).date;
  const dues = occurrences(schedule, addDays(first, -tol), addDays(last, tol));
  const used = new Set<string>();
  const hits: Fit['hits'] = [];
  let missed = 0;
  for (const due of dues) {
    let best: HistoryRow | undefined;
    for (const r of rows) {
      if (used.has(r.id) || daysApart(r.date, due) > tol) continue;
      if (!best || daysApart(r.date, due) < daysApart(best.date, due)) best = r;
    }
    if (best) {
      used.add(best.id);
      hits.push({ row: best, due });
    } else if (due <= last) missed++;
  }
  return { schedule, hits, missed };
}

/** The amounts' story: fixed (with the last change of price, if any), varying, or not similar (null). */
export function amountsOf(
  amounts: readonly { date: Day; cents: number }[],
): { amountCents: number; varies: boolean; change: PriceChangeSeen | null } | null {
  if (amounts.length === 0) return null;
  const runs: { cents: number; from: Day; count: number }[] = [];
  for (const a of amounts) {
    const run = runs.at(-1);
    if (run && run.cents === a.cents) run.count++;
    else runs.push({ cents: a.cents, from: a.date, count: 1 });
  }
  const lastRun = runs.at(-1) as (typeof runs)[number];
  const distinct = new Set(runs.map((r) => r.cents)).size;
  // Runs of one price each, every one but the newest seen at least twice, each step within half.
  const stepped =
    distinct === runs.length &&
    runs.length <= 3 &&
    runs.slice(0, -1).every((r) => r.count >= 2) &&
    runs.slice(1).every((r, i) => Math.abs(r.cents - (runs[i]?.cents ?? 0)) <= Math.abs(runs[i]?.cents ?? 0) / 2);
  if (stepped) {
    const before = runs.at(-2);
    return {
      amountCents: lastRun.cents,
      varies: false,
      change: before ? { date: lastRun.from, fromCents: before.cents, toCents: lastRun.cents } : null,
    };
  }
  const mid = median(amounts.map((a) => a.cents));
  const near = amounts.every((a) => Math.abs(a.cents - mid) <= Math.abs(mid) * VARYING_SHARE);
  return near ? { amountCents: mid, varies: true, change: null } : null;
}

/** The kind a found series is offered as: money in is income; a fixed monthly or yearly amount up to $100 a subscription. */
export function suggestedKind(found: Pick<FoundSeries, 'direction' | 'cadence' | 'amountCents' | 'amountVaries'>) {
  if (found.direction === 'in') return 'income' as const;
  const periodic = found.cadence.every === 'month' || found.cadence.every === 'year';
  return periodic && !found.amountVaries && found.amountCents <= 10_000 ? ('subscription' as const) : ('bill' as const);
}

/** The series found in the history (see the file's comment), most recent payment first. */
export function findSeries(history: readonly HistoryRow[], today: Day): FoundSeries[] {
  const groups = new Map<string, HistoryRow[]>();
  for (const r of history) {
    if (r.amountCents === 0 || r.date > today) continue;
    const key = `${r.accountId}|${r.amountCents > 0 ? 'in' : 'out'}|${payeeKey(r.payee)}`;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  const found: FoundSeries[] = [];
  for (const [key, unsorted] of groups) {
    if (unsorted.length < 3) continue;
    const rows = [...unsorted].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
    let best: { fit: Fit; amounts: NonNullable<ReturnType<typeof amountsOf>> } | undefined;
    for (const c of candidates(rows.map((r) => r.date))) {
      const f = fit(c, rows);
      if (f.hits.length < 3 || f.missed * 4 > f.hits.length + f.missed || rows.length - f.hits.length > f.hits.length) {
        continue;
      }
      const amounts = amountsOf(f.hits.map((h) => ({ date: h.row.date, cents: Math.abs(h.row.amountCents) })));
      if (!amounts) continue;
      if (!best || f.hits.length - f.missed > best.fit.hits.length - best.fit.missed) best = { fit: f, amounts };
    }
    if (!best) continue;
    const { fit: f, amounts } = best;
    const firstHit = f.hits[0] as Fit['hits'][number];
    const lastHit = f.hits.at(-1) as Fit['hits'][number];
    const schedule: Schedule = { ...f.schedule, start: firstHit.due };
    const afterLast = nextOccurrence(schedule, addDays(lastHit.due, 1));
    if (!afterLast || daysBetween(afterLast, today) > cadenceDays(schedule.cadence)) continue;
    const [accountId, direction, payee] = key.split('|') as [string, 'in' | 'out', string];
    const latest = lastHit.row;
    found.push({
      key,
      payeeKey: payee,
      name: merchantName(latest.payee) || latest.payee,
      direction,
      cadence: schedule.cadence,
      start: schedule.start,
      amountCents: amounts.amountCents,
      amountVaries: amounts.varies,
      accountId,
      category: latest.category,
      occurrences: f.hits.map((h) => ({
        id: h.row.id,
        date: h.row.date,
        amountCents: Math.abs(h.row.amountCents),
        dueDate: h.due,
      })),
      priceChange: amounts.change,
      nextDate: nextOccurrence(schedule, today),
    });
  }
  return found.sort((a, b) => ((a.occurrences.at(-1)?.date ?? '') > (b.occurrences.at(-1)?.date ?? '') ? -1 : 1));
}

/** A series as the matcher sees it. */
export interface MatchableSeries {
  id: string;
  accountId: string;
  /** payeeKey() of the payee its payments carry. */
  payeeKey: string;
  direction: 'in' | 'out';
  schedule: Schedule;
  /** Positive. */
  amountCents: number;
  amountVaries: boolean;
  /** Due dates already paid by another row. */
  paid: ReadonlySet<Day>;
}

/**
 * The series and due date a transaction pays: same account, same payee, same direction, an amount
 * within MATCH_SHARE of the series' (twice that when it varies) and a due date not yet paid within
 * MATCH_DAYS of its date (the nearest; the first series listed on a tie). Null when none.
 */
export function matchPayment(
  series: readonly MatchableSeries[],
  row: Pick<HistoryRow, 'accountId' | 'date' | 'amountCents' | 'payee'>,
): { seriesId: string; dueDate: Day } | null {
  if (row.amountCents === 0) return null;
  const key = payeeKey(row.payee);
  const direction = row.amountCents > 0 ? 'in' : 'out';
  let best: { seriesId: string; dueDate: Day; apart: number } | null = null;
  for (const s of series) {
    if (s.accountId !== row.accountId || s.payeeKey !== key || s.direction !== direction) continue;
    const share = s.amountVaries ? MATCH_SHARE * 2 : MATCH_SHARE;
    if (Math.abs(Math.abs(row.amountCents) - s.amountCents) > s.amountCents * share) continue;
    const days = MATCH_DAYS[s.schedule.cadence.every];
    for (const due of occurrences(s.schedule, addDays(row.date, -days), addDays(row.date, days))) {
      if (s.paid.has(due)) continue;
      const apart = daysApart(due, row.date);
      if (!best || apart < best.apart) best = { seriesId: s.id, dueDate: due, apart };
    }
  }
  return best ? { seriesId: best.seriesId, dueDate: best.dueDate } : null;
}

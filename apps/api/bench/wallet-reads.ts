import { cpus, loadavg } from 'node:os';
import type { Database } from '@helo/db/client';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { encodeEntryCursor } from '../src/lib/entry-cursor.ts';
import { productToday } from '../src/lib/product-day.ts';
import { accountsOf, livePageQuery, sumsQuery } from '../src/modules/ledger/index.ts';
import { balanceQuery, WALLET_KIND } from '../src/modules/wallet/index.ts';
import { startBenchServer } from './bench-server.ts';
import { callsAs, signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';
import { seedWalletJournals } from './seed-wallet.ts';

/**
 * My Wallet with 100,000 transactions of one user (~3 years, ~90 a day; journals of the ledger) on PostgreSQL: the first
 * page, a page 50,000 rows deep, a search for a word in 1 % of the rows and for a rare one, and the
 * month's summary, each timed over RUNS requests one after the other through the real server
 * (HTTP on loopback, sign-in check included). Target: p95 < 50 ms each. BENCH_EXPLAIN=1 prints
 * EXPLAIN ANALYZE of the statements behind them; BENCH_WALLET_DDL runs a statement after seeding (a
 * candidate index, measured before a migration is written). The user has 500 rules stored (issue 29
 * item 8: the list keeps its p95 with them; it never reads them), where the rules' API is served.
 */
const ROWS = 100_000;
const RUNS = 60;
const WARM_UP = 5;
export const WALLET_P95_TARGET_MS = 50;

/** In 1 % of the rows (their payee), and in 5 rows (their note). */
const COMMON_WORD = 'bottle';
const RARE_WORD = 'zanzibar';

const PAYEES = [
  'Whole Foods Market',
  "Trader Joe's",
  'Shell Gas Station',
  'Amazon Marketplace',
  'Netflix',
  'Spotify',
  'Uber Trip',
  'Lyft Ride',
  'Starbucks',
  'Chipotle Mexican Grill',
  'Target',
  'Walmart Supercenter',
  'CVS Pharmacy',
  'Walgreens',
  'Home Depot',
  'Con Edison',
  'Verizon Wireless',
  'Comcast Xfinity',
  'MTA MetroCard',
  'Costco Wholesale',
  "Joe's Pizza",
  'Corner Deli',
  'Apple Store',
  'Delta Air Lines',
  'Marriott Hotels',
  'Planet Fitness',
  'Local Farmers Market',
  'City Parking Garage',
  'Barnes & Noble',
  'Sweetgreen',
];
const NOTES = [
  'weekly shop',
  'card ending 4242',
  'split with roommate',
  'reimbursable',
  'gift for mom',
  'monthly plan',
];
const CATEGORIES = ['Housing', 'Food', 'Transportation', 'Entertainment', 'Dining Out', 'Uncategorized'];
/** Issue 29 item 8: the list at 100,000 rows keeps its target with this many rules stored. */
const RULES = 500;

/**
 * Stores RULES rules for the user through the rules' API (payee conditions of every kind, some with an
 * amount; each files under a category): how many were stored, 0 where that API is not served.
 */
async function storeRules(url: string, token: string): Promise<number> {
  const ops = ['contains', 'starts_with', 'equals'];
  for (let i = 0; i < RULES; i++) {
    const res = await fetch(`${url}/api/v1/rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Rule ${i}`,
        conditions: [
          { field: 'payee', op: ops[i % ops.length], value: `vendor ${i}` },
          ...(i % 3 === 0 ? [{ field: 'amount', op: 'between', min: 1, max: 500 }] : []),
        ],
        actions: [{ type: 'set_category', category: CATEGORIES[i % (CATEGORIES.length - 1)] }],
      }),
    });
    if (res.status === 404 && i === 0) return 0;
    if (!res.ok) throw new Error(`rule ${i}: ${res.status} ${await res.text()}`);
  }
  return RULES;
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  rows: number;
}

const sqlList = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`);

/** The rows' dates step back a day every ~91 rows from today; times step back a second each (as journals of the ledger). */
async function seed(database: Database, userId: string, today: string): Promise<void> {
  await seedWalletJournals(database, userId, ROWS, {
    date: sql`${today}::date - (g * 1096 / ${ROWS})::int`,
    payee: sql`case when g % 100 = 0 then 'Blue Bottle Coffee'
           else (${sqlList(PAYEES)})[1 + (g * 7919) % ${PAYEES.length}] end`,
    cents: sql`case when g % 40 = 0 then 100 + (g * 31) % 200000 else -(150 + (g * 37) % 25000) end`,
    category: sql`(${sqlList(CATEGORIES)})[1 + (g * 13) % ${CATEGORIES.length}]`,
    note: sql`case when g % 20000 = 7 then 'souvenirs from ' || ${RARE_WORD}
           when g % 3 = 0 then (${sqlList(NOTES)})[1 + (g * 11) % ${NOTES.length}] end`,
    createdAt: sql`now() - g * interval '1 second'`,
  });
  // What autovacuum does soon after such a load: the statistics, the visibility map (index-only
  // scans), and the trigram index's pending list merged (until then every search reads it whole).
  await vacuum(database);
}

const vacuum = async (database: Database) => {
  for (const table of ['ledger_journals', 'ledger_postings', 'ledger_accounts']) {
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Each request RUNS times after WARM_UP, in turns (one of each, then again), so the machine's
 * drifting load falls on every request alike instead of on whichever ran during a busy minute.
 */
async function timeInTurns(requests: { name: string; url: string }[], token: string): Promise<Timing[]> {
  const once = async (name: string, url: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: unknown[] | { categories: unknown[] } };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, rows: Array.isArray(body.data) ? body.data.length : body.data.categories.length };
  };
  const times = requests.map(() => [] as number[]);
  const rows = requests.map(() => 0);
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    for (const [j, r] of requests.entries()) {
      const run = await once(r.name, r.url);
      if (i >= WARM_UP) times[j]?.push(run.ms);
      rows[j] = run.rows;
    }
  }
  return requests.map((r, j) => {
    const sorted = (times[j] ?? []).sort((a, b) => a - b);
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    return { name: r.name, p50, p95, max: sorted.at(-1) ?? 0, rows: rows[j] ?? 0 };
  });
}

/** The Wallet's balance read straight from the database, RUNS times after WARM_UP: its p95 in ms. */
async function balanceP95(database: Database, userId: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    await database.db.execute(sql`select ${balanceQuery(userId)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

/**
 * A balance is kept by the postings' trigger, so reading it is one row whatever the postings behind
 * it: at 100,000 it may not take more than twice what it took at a handful (plus a millisecond of
 * the machine's noise).
 */
function balanceConstant(few: number, many: number): boolean {
  return many <= 2 * few + 1;
}

async function explain(database: Database, label: string, query: SQLWrapper): Promise<void> {
  const result = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(`\n  EXPLAIN ANALYZE ${label}:`);
  for (const r of result.rows) console.log(`    ${Object.values(r)[0]}`);
}

export async function walletReads(target: BenchDatabase): Promise<{ timings: Timing[]; ok: boolean }> {
  const database = await target.open();
  const server = await startBenchServer(database);
  try {
    const [user] = await signUpUsers(server.url, 1, 'wallet');
    if (!user) throw new Error('no bench user');
    const call = callsAs(server.url, user.token);
    const today = productToday(new Date());
    const month = today.slice(0, 7);
    const userId = ((await call('GET', '/v1/auth/register')).user as { id: string }).id;
    await call('POST', '/v1/nest/activate');
    await call('POST', '/v1/nest/deposits', { amount: 4200, date: today, source: 'Paycheck' });
    await call('POST', '/v1/user-budgets', {
      month,
      net_income: 6000,
      categories: CATEGORIES.filter((c) => c !== 'Uncategorized').map((name, i) => ({
        name,
        group: i < 3 ? 'needs' : 'wants',
        planned: 300 + i * 100,
      })),
    });
    const balanceBefore = await balanceP95(database, userId);
    const seeding = performance.now();
    await seed(database, userId, today);
    const rules = await storeRules(server.url, user.token);
    // A candidate index (or any statement) to measure before asking for a migration.
    const candidate = process.env.BENCH_WALLET_DDL;
    if (candidate) {
      await database.db.execute(sql.raw(candidate));
      await vacuum(database);
      console.log(`\n  with: ${candidate}`);
    }
    console.log(
      `\n${target.label}: My Wallet, ${ROWS.toLocaleString('en-US')} transactions of one user seeded in ${Math.round(performance.now() - seeding)} ms; ${RUNS} requests each after ${WARM_UP} to warm up, in turns`,
    );
    console.log(
      rules > 0
        ? `  with ${rules} rules stored for the user`
        : `  no rules: this build serves no /v1/rules (measured without the ${RULES} rules issue 29 asks for)`,
    );

    // The cursor of the row 50,000 in: the page after it is the deep page.
    const all = { kind: WALLET_KIND };
    const deep = await livePageQuery(database.db, userId, all, 1).offset(49_999);
    const deepRow = deep[0] && { date: deep[0].date, createdAt: deep[0].createdAt, id: deep[0].groupId };
    if (!deepRow) throw new Error('no row 50,000 in');
    const cursor = encodeEntryCursor(deepRow);
    const base = `${server.url}/api/v1/wallet`;
    const load = () => loadavg()[0]?.toFixed(1);
    const loadBefore = load();
    const timings = await timeInTurns(
      [
        { name: 'first page (50)', url: `${base}/transactions` },
        { name: 'page 50,000 rows in', url: `${base}/transactions?cursor=${cursor}` },
        { name: `search "${COMMON_WORD}" (1 % of rows)`, url: `${base}/transactions?q=${COMMON_WORD}` },
        { name: `search "${RARE_WORD}" (5 rows)`, url: `${base}/transactions?q=${RARE_WORD}` },
        { name: `month summary ${month}`, url: `${base}/summary` },
        { name: 'category "food", first page', url: `${base}/transactions?category=food` },
        { name: 'search "co" (2 letters, no trigram)', url: `${base}/transactions?q=co` },
      ],
      user.token,
    );
    console.log(`  load average ${loadBefore} before, ${load()} after (${cpus().length} cores)`);
    const balanceAfter = await balanceP95(database, userId);
    let ok = balanceConstant(balanceBefore, balanceAfter);
    console.log(
      `  balance read (SQL)                       p95 ${balanceBefore.toFixed(2)} ms at 1 transaction, ${balanceAfter.toFixed(2)} ms at ${ROWS.toLocaleString('en-US')}${ok ? '' : '  GREW'}`,
    );
    for (const t of timings) {
      // The last two are for information: the task's five are the targets.
      const targeted = !t.name.startsWith('category') && !t.name.includes('2 letters');
      const pass = t.p95 < WALLET_P95_TARGET_MS;
      if (targeted) ok &&= pass;
      console.log(
        `  ${t.name.padEnd(40)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms  max ${t.max.toFixed(1).padStart(6)} ms  (${t.rows} rows)${targeted ? (pass ? '' : `  ABOVE ${WALLET_P95_TARGET_MS} ms`) : '  (no target)'}`,
      );
    }
    if (process.env.BENCH_EXPLAIN) {
      const db = database.db;
      await explain(database, 'first page', livePageQuery(db, userId, all, 51));
      await explain(database, 'deep page', livePageQuery(db, userId, all, 51, deepRow));
      const search = (q: string) => ({ ...all, search: q });
      await explain(database, `search ${COMMON_WORD}`, livePageQuery(db, userId, search(COMMON_WORD), 51));
      await explain(database, `search ${RARE_WORD}`, livePageQuery(db, userId, search(RARE_WORD), 51));
      const next = month.endsWith('-12')
        ? `${Number(month.slice(0, 4)) + 1}-01`
        : `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}`;
      const outside = (await accountsOf(db, userId)).filter((a) => a.kind === 'spending' || a.kind === 'income');
      const ids = outside.map((a) => a.id);
      await explain(database, 'month flows', sumsQuery(db, userId, ids, `${month}-01`, `${next}-01`));
      await explain(database, 'balance', sql`select ${balanceQuery(userId)}`);
    }
    console.log(
      `  target: p95 < ${WALLET_P95_TARGET_MS} ms for each of the first five, a balance read that does not grow: ${ok ? 'met' : 'NOT met'}`,
    );
    return { timings, ok };
  } finally {
    await server.close();
    await database.close();
  }
}

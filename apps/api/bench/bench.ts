/**
 * `npm run bench` (the API part), on loopback, load generated in a worker thread:
 * - a constant route against a signed-in read, on embedded PGlite and on PostgreSQL;
 * - signed-in GET /v1/user-debts against public GET /v1/debts at 50 connections (target ratio ≥ 0.7,
 *   p99 < 25 ms);
 * - 200 users on the web app's pages for 60 s (errors must be 0);
 * - My Wallet with 100,000 transactions of one user: first page, a deep page, searches, the month's
 *   summary (p95 < 50 ms each; BENCH_EXPLAIN=1 prints the plans);
 * - a 10,000-row bank file of each format (CSV, OFX, QIF, CAMT.053) uploaded and committed into My
 *   Wallet (preview < 2 s, commit < 5 s on PostgreSQL);
 * - GET /v1/home for a user with data in every area, on PGlite and on PostgreSQL (p95 < 50 ms);
 * - other users' reads while one user commits a 100,000-row bank CSV, on PGlite and on PostgreSQL
 *   (p95 < 500 ms);
 * - a bank connection's sync of 5 accounts × 1,000 transactions from a loopback SimpleFIN Bridge, on
 *   PGlite and on PostgreSQL (target < 5 s).
 * PostgreSQL runs in a throwaway database (see databases.ts). BENCH_SECONDS shortens every run;
 * - 500 rules applied to a 10,000-row import: the engine alone, and what they add to the commit (< 2 s).
 * - the forecast's back-test on a generated household: forecasts as of 30 and 90 days ago against what
 *   the ledger then recorded (target: within 5 % at 30 days; PGlite only: it measures accuracy, not speed).
 * BENCH_ONLY=constant|reads|crowd|wallet|import|home|import-stall|bank-sync|rules|forecast runs one scenario (BENCH_ONLY=suggestions:
 * only packages/finance/bench/category-suggestions.ts, which runs before this file). Exits non-zero on any failed request.
 */
import { authenticatedReads } from './authenticated-reads.ts';
import { bankSync } from './bank-sync-bench.ts';
import { constantRoute } from './constant-route.ts';
import { pgliteDatabase, throwawayPostgres } from './databases.ts';
import { forecastBench } from './forecast-bench.ts';
import { homeBench } from './home-bench.ts';
import { importStall } from './import-stall-bench.ts';
import { manyUsers } from './many-users.ts';
import { rulesBench } from './rules-bench.ts';
import { walletImport } from './wallet-import-bench.ts';
import { walletReads } from './wallet-reads.ts';

const override = process.env.BENCH_SECONDS ? Number(process.env.BENCH_SECONDS) : undefined;
const only = process.env.BENCH_ONLY;
const runs = (name: string) => !only || only === name;
// The category suggestions' accuracy is pure: its bench is packages/finance's, and needs no database.
if (only === 'suggestions') process.exit(0);
let failed = false;

if (runs('constant')) {
  const { live, read } = await constantRoute(pgliteDatabase, override ?? 5);
  failed ||= live.errors + read.errors > 0;
}
if (runs('home')) {
  // Not `failed ||= …`: that would skip the run once an earlier scenario failed.
  const home = await homeBench(pgliteDatabase);
  failed ||= !home.ok;
}
if (runs('import-stall')) failed ||= !(await importStall(pgliteDatabase));
if (runs('bank-sync')) failed ||= !(await bankSync(pgliteDatabase));
if (runs('rules')) failed ||= !(await rulesBench(pgliteDatabase));
if (runs('forecast')) failed ||= !(await forecastBench(pgliteDatabase));
const postgres = await throwawayPostgres();
if (postgres) {
  try {
    if (runs('constant')) {
      const { live, read } = await constantRoute(postgres, override ?? 5);
      failed ||= live.errors + read.errors > 0;
    }
    if (runs('reads')) {
      const { open, authed } = await authenticatedReads(postgres, override ?? 5);
      failed ||= open.errors + authed.errors > 0;
    }
    if (runs('crowd')) failed ||= !(await manyUsers(postgres, override ?? 60));
    if (runs('wallet')) failed ||= !(await walletReads(postgres)).ok;
    if (runs('import')) failed ||= !(await walletImport(postgres));
    if (runs('home')) {
      const home = await homeBench(postgres);
      failed ||= !home.ok;
    }
    if (runs('import-stall')) failed ||= !(await importStall(postgres));
    if (runs('bank-sync')) failed ||= !(await bankSync(postgres));
    if (runs('rules')) failed ||= !(await rulesBench(postgres));
  } finally {
    await postgres.drop();
  }
}
if (failed) process.exitCode = 1;

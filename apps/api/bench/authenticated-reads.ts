import { formatRoute, hammer, type RouteResult } from './autocannon-run.ts';
import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';

export const READ_CONNECTIONS = 50;
const USERS = 50;
const ROUNDS = 3;

/** Requests per second averaged over the turns; the worst turn's percentiles. */
function combine(results: RouteResult[]): RouteResult {
  const first = results[0];
  if (!first) throw new Error('no turns ran');
  return {
    route: first.route,
    rps: Math.round(results.reduce((sum, r) => sum + r.rps, 0) / results.length),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuUs: Math.round(results.reduce((sum, r) => sum + r.cpuUs, 0) / results.length),
  };
}

/**
 * The cost of being signed in: GET /v1/user-debts (bearer token, session check, one user's rows)
 * against GET /v1/debts (public catalogue, one SELECT), both at 50 connections. Target: ratio
 * ≥ 0.7 and p99 < 25 ms on PostgreSQL.
 */
export async function authenticatedReads(target: BenchDatabase, seconds: number, poolSize?: number) {
  const database = await target.open(poolSize);
  const server = await startBenchServer(database);
  try {
    const users = await signUpUsers(server.url, USERS, 'reads');
    const tokens = users.map((u) => u.token);
    const opts = { connections: READ_CONNECTIONS, seconds };
    // A short warm-up, then the two routes in turns: the machine's load drifts (other processes
    // share its cores), and turns spread that drift over both routes instead of one.
    await hammer(server.url, '/api/v1/debts', { ...opts, seconds: 1 });
    const rounds: { open: RouteResult; authed: RouteResult }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({
        open: await hammer(server.url, '/api/v1/debts', opts),
        authed: await hammer(server.url, '/api/v1/user-debts', { ...opts, tokens }),
      });
    }
    const open = combine(rounds.map((r) => r.open));
    const authed = combine(rounds.map((r) => r.authed));
    const ratio = authed.rps / open.rps;
    console.log(
      `\n${target.label}: authenticated reads, ${READ_CONNECTIONS} connections, ${USERS} users, ${ROUNDS} turns of ${seconds} s per route`,
    );
    console.log(formatRoute(open));
    console.log(formatRoute(authed));
    console.log(`  GET /v1/user-debts / GET /v1/debts: ${ratio.toFixed(2)} (target ≥ 0.70, p99 < 25 ms)`);
    console.log(
      `  server CPU per request, GET /v1/debts / GET /v1/user-debts: ${(open.cpuUs / authed.cpuUs).toFixed(2)}`,
    );
    return { open, authed, ratio };
  } finally {
    await server.close();
    await database.close();
  }
}

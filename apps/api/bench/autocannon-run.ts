import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const setTokenModule = fileURLToPath(new URL('./set-token.cjs', import.meta.url));

export interface RouteResult {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server thread's CPU per answered request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
}

/**
 * One route under `connections` keep-alive connections for `seconds`. The load runs in a worker
 * thread: in this thread it would compete with the server for the event loop. With `tokens`, each
 * connection carries one of them as its bearer token.
 */
export async function hammer(
  url: string,
  route: string,
  opts: { connections: number; seconds: number; tokens?: string[] },
): Promise<RouteResult> {
  if (opts.tokens) process.env.BENCH_TOKENS = JSON.stringify(opts.tokens);
  // The server runs in this thread and the load in a worker, so this thread's CPU is the server's.
  const cpuBefore = process.threadCpuUsage();
  const result = await autocannon({
    url: `${url}${route}`,
    connections: opts.connections,
    duration: opts.seconds,
    workers: 1,
    // In worker mode autocannon takes the path of a module where its types expect a function.
    ...(opts.tokens ? { setupClient: setTokenModule as unknown as (client: autocannon.Client) => void } : {}),
  });
  const cpu = process.threadCpuUsage(cpuBefore);
  return {
    route,
    cpuUs: Math.round((cpu.user + cpu.system) / Math.max(1, result.requests.total)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export function formatRoute(r: RouteResult, width = 30): string {
  return `  ${r.route.padEnd(width)} ${String(r.rps).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   server CPU ${String(r.cpuUs).padStart(4)} µs/req   errors ${r.errors}`;
}

import { Worker } from 'node:worker_threads';
import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
// A person reads a page before the next click; BENCH_THINK_MS=0 turns the run into a stress test.
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * 200 users signed in once, then opening the web app's pages (reads and saves) for 60 s. Passes
 * only with no error at all; prints p50/p99 per route.
 */
export async function manyUsers(target: BenchDatabase, seconds: number): Promise<boolean> {
  const database = await target.open();
  const server = await startBenchServer(database);
  try {
    const signUpStarted = performance.now();
    const users = await signUpUsers(server.url, USERS, 'crowd');
    const signUpSeconds = (performance.now() - signUpStarted) / 1000;
    // The server runs in this thread, the load in the worker: this thread's CPU is the server's.
    const cpuBefore = process.threadCpuUsage();
    const worker = new Worker(new URL('./mixed-load-worker.ts', import.meta.url), {
      workerData: { url: server.url, tokens: users.map((u) => u.token), seconds, thinkMs: THINK_MS },
    });
    const result = await new Promise<{
      latencies: Record<string, number[]>;
      failures: string[];
      failureCount: number;
    }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const cpu = process.threadCpuUsage(cpuBefore);
    const busy = (cpu.user + cpu.system) / 1e6 / seconds;

    const total = Object.values(result.latencies).reduce((sum, l) => sum + l.length, 0);
    console.log(
      `\n${target.label}: ${USERS} users for ${seconds} s (signed up and in once, in ${signUpSeconds.toFixed(0)} s), pages of the web app, ~${THINK_MS} ms between pages`,
    );
    for (const [route, list] of Object.entries(result.latencies).sort()) {
      const sorted = [...list].sort((x, y) => x - y);
      console.log(
        `  ${route.padEnd(42)} ${String(list.length).padStart(7)} requests   p50 ${percentile(sorted, 50).toFixed(0).padStart(4)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(4)} ms`,
      );
    }
    console.log(
      `  ${total} requests (${Math.round(total / seconds)} req/s), server thread busy ${Math.round(busy * 100)} %, errors ${result.failureCount}`,
    );
    for (const line of result.failures) console.log(`    ${line}`);
    return result.failureCount === 0;
  } finally {
    await server.close();
    await database.close();
  }
}

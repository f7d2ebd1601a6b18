import { formatRoute, hammer } from './autocannon-run.ts';
import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';

/**
 * The figures kept from the first bench: a constant route (/api/health/live) against one signed-in
 * read (GET /v1/auth/register: token, session, user), 10 connections.
 */
export async function constantRoute(target: BenchDatabase, seconds: number) {
  const database = await target.open();
  const server = await startBenchServer(database);
  try {
    const [user] = await signUpUsers(server.url, 1, 'constant');
    const opts = { connections: 10, seconds };
    const live = await hammer(server.url, '/api/health/live', opts);
    const read = await hammer(server.url, '/api/v1/auth/register', { ...opts, tokens: [user?.token ?? ''] });
    console.log(`\n${target.label}: 10 connections, ${seconds} s per route`);
    console.log(formatRoute(live));
    console.log(formatRoute(read));
    console.log(`  signed-in read / constant route: ${(read.rps / live.rps).toFixed(2)}`);
    return { live, read };
  } finally {
    await server.close();
    await database.close();
  }
}

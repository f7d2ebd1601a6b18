import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { type Call, pages } from './web-app-pages.ts';

/**
 * Runs in a worker thread (so it does not share the server's event loop): each bench user opens
 * pages at random for the given time, pausing between pages as a person reads. Posts back the
 * latencies per route and every failure.
 */
interface Input {
  url: string;
  tokens: string[];
  seconds: number;
  thinkMs: number;
}
const { url, tokens, seconds, thinkMs } = workerData as Input;
// A browser opens several connections to one origin: room for each user's calls at once.
const agent = new Agent({ keepAlive: true, maxSockets: tokens.length * 4 });
const base = new URL(url);
const latencies = new Map<string, number[]>();
const failures: string[] = [];
let failureCount = 0;

function send(call: Call, token: string): Promise<void> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: `/api${call.path}`,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const list = latencies.get(call.route) ?? [];
          list.push(performance.now() - started);
          latencies.set(call.route, list);
          if ((res.statusCode ?? 0) >= 300) fail(`${call.route}: ${res.statusCode} ${Buffer.concat(chunks)}`);
          resolve();
        });
      },
    );
    req.on('error', (err) => {
      fail(`${call.route}: ${err.message}`);
      resolve();
    });
    req.end(body);
  });
}

function fail(line: string) {
  failureCount++;
  if (failures.length < 10) failures.push(line.slice(0, 300));
}

const totalWeight = pages.reduce((sum, p) => sum + p.weight, 0);
function pickPage() {
  let roll = Math.random() * totalWeight;
  for (const page of pages) {
    roll -= page.weight;
    if (roll < 0) return page;
  }
  return pages[0];
}

const deadline = performance.now() + seconds * 1000;
async function user(index: number) {
  const token = tokens[index] ?? '';
  // Users start spread over the first second rather than all at the same instant.
  await new Promise((r) => setTimeout(r, Math.random() * 1000));
  while (performance.now() < deadline) {
    const page = pickPage();
    for (const step of page?.calls(index) ?? []) await Promise.all(step.map((call) => send(call, token)));
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
  }
}

await Promise.all(tokens.map((_, i) => user(i)));
agent.destroy();
parentPort?.postMessage({ latencies: Object.fromEntries(latencies), failures, failureCount });

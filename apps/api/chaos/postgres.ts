import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { productToday } from '../src/lib/product-day.ts';
import { LOAN_REMINDERS_QUEUE } from '../src/modules/user-debts/index.ts';
import { freePort, type ServerProcess, startServer, waitReady } from '../test/server-process.ts';
import { ChaosUser, call } from './chaos-user.ts';
import { SERVER_ENV } from './embedded.ts';
import type { ChaosOptions, ChaosResult } from './options.ts';
import { seededRandom } from './random.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { verifyWrites } from './verifier.ts';
import { writeKinds } from './write-kinds.ts';
import { WriteRecord } from './write-record.ts';
import { WriteStream } from './write-stream.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const READY_TIMEOUT_MS = 120_000;
// A mail claimed by a killed server is retried after its 60 s lease; the dispatcher polls every 15 s.
const MAIL_SETTLE_MS = 100_000;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface PostgresChaosOptions extends ChaosOptions {
  /** How long to wait at the end for mail claimed by a killed server; 0 checks only what was sent. */
  mailSettleMs?: number;
}

/**
 * Two servers on one throwaway PostgreSQL database and one SMTP sink. Each round kills one of them
 * (kill -9) while users write to both, keeps writing to the survivor, restarts the victim, and checks
 * every acknowledged write. At the end: each loan reminder exists once per due date, and each mail
 * reached the SMTP server once.
 */
export async function runPostgresChaos(opts: PostgresChaosOptions, adminUrl: string): Promise<ChaosResult> {
  const random = seededRandom(opts.seed);
  const record = new WriteRecord();
  const result: ChaosResult = { kills: 0, startupKills: 0, restarts: 0, lost: [], failures: [], record, notes: [] };
  const name = `helo_chaos_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const sql = async (text: string, params: unknown[]) => (await pool.query(text, params)).rows;
  const smtp = await startSmtpSink();
  const dirs = [mkdtempSync(join(tmpdir(), 'helo-chaos-a-')), mkdtempSync(join(tmpdir(), 'helo-chaos-b-'))];
  const ports = [await freePort(), await freePort()];
  const env = {
    ...SERVER_ENV,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    // Both servers must accept each other's tokens.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const start = (i: number) => startServer(dirs[i] as string, ports[i] as number, env);
  const servers: ServerProcess[] = [start(0), start(1)];
  try {
    await Promise.all(servers.map((s) => waitReady(s, READY_TIMEOUT_MS)));
    const url = (i: number) => (servers[i] as ServerProcess).url;
    const debts = (await call(url(0), 'GET', '/api/v1/debts')).body as { data: { id: number }[] };
    const debtIds = debts.data.map((d) => d.id);
    const today = productToday(new Date());

    // Loans due tomorrow that nobody edits: their reminders must exist once, whichever server ran the job.
    const quiet = [new ChaosUser(`reminded0-${opts.seed}`), new ChaosUser(`reminded1-${opts.seed}`)];
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const due = tomorrow.toISOString().slice(0, 10);
    for (const [i, user] of quiet.entries()) {
      await user.register(url(i % 2));
      const loans = debtIds.slice(0, 2).map((debt_id, j) => ({
        debt_id,
        initial_loan_amount: 20_000 + j,
        outstanding_balance: 15_000,
        monthly_payment_amount: 300 + i * 10 + j,
        interest_rate: 5.5,
        due_date: due,
      }));
      const saved = await user.request(url(i % 2), 'PUT', '/api/v1/user-debts', { debts: loans });
      if (saved.status !== 200) throw new Error(`seeding loans: ${saved.status}`);
    }

    const users = Array.from({ length: opts.users }, (_, i) => new ChaosUser(`pg${i}-${opts.seed}`));
    for (const [i, user] of users.entries()) await user.register(url(i % 2));
    const stream = new WriteStream({
      users,
      kinds: writeKinds,
      record,
      random,
      target: () => url(random.int(0, 1)),
      debtIds,
      today,
    });

    for (let round = 1; round <= opts.kills; round++) {
      stream.start();
      const after = random.int(opts.minKillMs, opts.maxKillMs);
      await sleep(after);
      const victim = random.int(0, 1);
      const cutBefore = record.unknown;
      (servers[victim] as ServerProcess).child.kill('SIGKILL');
      await (servers[victim] as ServerProcess).exited;
      result.kills += 1;
      // The survivor keeps taking writes while the victim is down and starting again.
      const started = Date.now();
      servers[victim] = start(victim);
      try {
        await waitReady(servers[victim] as ServerProcess, READY_TIMEOUT_MS);
      } catch (err) {
        await stream.stop();
        result.failures.push(`restart ${round}: server ${'AB'[victim]} did not come back: ${String(err).slice(-2000)}`);
        break;
      }
      const readyMs = Date.now() - started;
      await stream.stop();
      const cut = record.unknown - cutBefore;
      const lost = await verifyWrites(users, writeKinds, record, (user) => ({ user, url: url(1 - victim), sql }));
      result.lost.push(...lost);
      if (lost.length === 0) result.restarts += 1;
      opts.log(
        `restart ${String(round).padStart(2)}/${opts.kills}: killed server ${'AB'[victim]} after ${String(after).padStart(4)} ms ` +
          `(${cut} write${cut === 1 ? '' : 's'} cut off), back in ${(readyMs / 1000).toFixed(1)} s, ` +
          `${record.acknowledged} acknowledged writes checked, ${lost.length} lost`,
      );
      for (const l of lost)
        opts.log(`  LOST ${l.slot}: expected ${JSON.stringify(l.expected)}, found ${JSON.stringify(l.found)}`);
    }

    await checkReminders(sql, quiet, result);
    await checkMail(sql, smtp, opts.mailSettleMs ?? MAIL_SETTLE_MS, result, opts.log);
    const jobs = await sql(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state ORDER BY state`,
      [LOAN_REMINDERS_QUEUE],
    );
    result.notes.push(`pg-boss reminder job runs by state: ${jobs.map((j) => `${j.state} ${j.n}`).join(', ')}`);
    if (jobs.some((j) => j.state === 'failed')) result.failures.push('a loan reminder job failed');
  } catch (err) {
    result.failures.push(
      `${String(err)}\n--- server output ---\n${servers.map((s) => s.output().slice(-2000)).join('\n')}`,
    );
  } finally {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => Promise.race([s.exited, sleep(15_000)])));
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await pool.end();
    await smtp.close();
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  return result;
}

type Sql = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The job ran on both servers at every start: each seeded loan still has exactly one reminder. */
async function checkReminders(sql: Sql, quiet: ChaosUser[], result: ChaosResult): Promise<void> {
  const expected = quiet.length * 2;
  const reminders = () =>
    sql(
      `SELECT user_id, dedupe_key, count(*)::int AS n FROM notifications
        WHERE kind = 'loan_payment_due' AND user_id = ANY($1::uuid[]) GROUP BY user_id, dedupe_key`,
      [quiet.map((u) => u.id)],
    );
  // The last restart only queued its run; give a worker the time to take it.
  let rows = await reminders();
  for (let waited = 0; rows.length < expected && waited < 30_000; waited += 1_000) {
    await sleep(1_000);
    rows = await reminders();
  }
  const once = rows.filter((r) => r.n === 1).length;
  result.notes.push(`loan reminders for the seeded loans: ${once} of ${expected} created exactly once`);
  if (rows.length !== expected || once !== expected) {
    result.failures.push(`expected ${expected} loan reminders once each, found ${JSON.stringify(rows)}`);
  }
  const mails = await sql(
    `SELECT count(*)::int AS n FROM outbox_mail m JOIN users u ON u.email = m.to_address
      WHERE m.kind = 'loan_payment_due' AND u.id = ANY($1::uuid[])`,
    [quiet.map((u) => u.id)],
  );
  if (mails[0]?.n !== expected)
    result.failures.push(`expected ${expected} reminder mails queued, found ${mails[0]?.n}`);
}

/** Every outbox row reached the SMTP server exactly once (counted by its Message-ID). */
async function checkMail(
  sql: Sql,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  settleMs: number,
  result: ChaosResult,
  log: (line: string) => void,
): Promise<void> {
  const pending = async () =>
    (await sql(`SELECT count(*)::int AS n FROM outbox_mail WHERE status = 'pending'`, []))[0]?.n as number;
  const deadline = Date.now() + settleMs;
  if ((await pending()) > 0 && settleMs > 0) log(`waiting up to ${settleMs / 1000} s for mail still queued…`);
  while ((await pending()) > 0 && Date.now() < deadline) await sleep(1_000);
  const rows = await sql(`SELECT id, status FROM outbox_mail`, []);
  let once = 0;
  const twice: string[] = [];
  const unsent: string[] = [];
  for (const row of rows) {
    const n = smtp.deliveries.get(String(row.id)) ?? 0;
    if (n > 1) twice.push(`${row.id} ×${n}`);
    else if (row.status === 'sent' && n === 1) once += 1;
    else if (row.status === 'sent') twice.push(`${row.id} marked sent, delivered ${n} times`);
    else unsent.push(`${row.id} (${row.status}, delivered ${n})`);
  }
  const strangers = [...smtp.deliveries.keys()].filter((id) => !rows.some((r) => String(r.id) === id));
  result.notes.push(
    `mail: ${rows.length} outbox rows, ${once} delivered exactly once, ${twice.length} more than once, ` +
      `${unsent.length} not yet sent${settleMs > 0 ? '' : ' (not waited for)'}; ` +
      `${smtp.brokenConnections()} SMTP connections cut by a kill`,
  );
  if (twice.length > 0) result.failures.push(`mail delivered more than once: ${twice.join(', ')}`);
  if (strangers.length > 0 || smtp.withoutId() > 0) {
    result.failures.push(`mail that no outbox row names: ${strangers.length + smtp.withoutId()}`);
  }
  if (settleMs > 0 && unsent.length > 0) result.failures.push(`mail never sent: ${unsent.join(', ')}`);
}

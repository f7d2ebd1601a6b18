import type { Database } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { ScheduledJob } from '../api-module.ts';

export interface Scheduler {
  /** Puts one run of each job that asks for it on the queue now (besides the schedule), e.g. at start-up. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss keeps the schedule and the queue in the database, so with several servers each run is
 * taken by one of them; each job itself is safe to run twice anyway (dedupe keys). The jobs are the
 * modules' (their module.ts, modules/registry.ts) and the app's housekeeping (app.ts).
 */
export async function startScheduler(
  database: Database,
  jobs: readonly ScheduledJob[],
  log: FastifyBaseLogger,
): Promise<Scheduler> {
  const boss =
    database.raw.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.raw.client), backend: 'pglite' })
      : new PgBoss({ connectionString: database.raw.url, max: 2 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.queue);
    await boss.schedule(job.queue, job.cron);
    await boss.work(job.queue, async () => {
      const result = await job.run();
      job.report?.(result, log);
    });
  }
  return {
    async runNow() {
      for (const job of jobs) if (job.atStart) await boss.send(job.queue);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}

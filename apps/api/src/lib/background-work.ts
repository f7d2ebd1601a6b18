import type { FastifyBaseLogger } from 'fastify';

type Task = () => Promise<unknown>;

/**
 * Work a request starts but does not answer with: it runs once the handler has returned, so the
 * answer can not take longer for one input than another (forgot-password must not reveal which
 * addresses have accounts). Failures are logged, not lost silently; closing the app waits for the
 * work in flight, so a graceful shutdown does not drop a reset mail.
 */
export class BackgroundWork {
  private readonly log: FastifyBaseLogger;
  private readonly pending = new Set<Promise<void>>();
  /** How a task is deferred; tests hold tasks back to see what the answer did not wait for. */
  schedule: (start: () => void) => void = (start) => setImmediate(start);

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  run(name: string, task: Task): void {
    const done = new Promise<void>((resolve) => {
      this.schedule(() => {
        task()
          .catch((err: unknown) => this.log.error({ err, task: name }, 'background work failed'))
          .finally(resolve);
      });
    });
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  /** Resolves when every task started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}

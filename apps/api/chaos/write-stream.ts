import type { ChaosUser } from './chaos-user.ts';
import type { Random } from './random.ts';
import type { WriteKind } from './write-kinds.ts';
import type { WriteRecord } from './write-record.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Each user writes one thing after another, as fast as the server answers, to a server the
 * caller picks per write. One writer per user keeps each slot's writes in order.
 */
export class WriteStream {
  private loops: Promise<void>[] = [];
  private stopped = true;
  private readonly users: ChaosUser[];
  private readonly kinds: WriteKind[];
  private readonly record: WriteRecord;
  private readonly random: Random;
  private readonly target: () => string;
  private readonly shared: { debtIds: number[]; today: string };

  constructor(opts: {
    users: ChaosUser[];
    kinds: WriteKind[];
    record: WriteRecord;
    random: Random;
    target: () => string;
    debtIds: number[];
    today: string;
  }) {
    this.users = opts.users;
    this.kinds = opts.kinds;
    this.record = opts.record;
    this.random = opts.random;
    this.target = opts.target;
    this.shared = { debtIds: opts.debtIds, today: opts.today };
  }

  start(): void {
    this.stopped = false;
    this.loops = this.users.map((user) => this.run(user));
  }

  /** Lets every writer finish the write it is in (a dead server fails it at once), then returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async run(user: ChaosUser): Promise<void> {
    while (!this.stopped) {
      const kind = this.random.pick(this.kinds);
      const failedBefore = this.record.unknown + this.record.notSent;
      try {
        await kind.write({ user, url: this.target(), random: this.random, record: this.record, ...this.shared });
      } catch (err) {
        console.error(`chaos: ${kind.name} write failed oddly:`, err);
      }
      // A server that is down refuses connections instantly; do not spin against it.
      if (this.record.unknown + this.record.notSent > failedBefore) await sleep(100);
    }
  }
}

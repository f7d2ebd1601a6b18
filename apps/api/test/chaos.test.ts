import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runEmbeddedChaos } from '../chaos/embedded.ts';
import type { ChaosOptions } from '../chaos/options.ts';
import { runPostgresChaos } from '../chaos/postgres.ts';
import { postgresUrl } from './test-database.ts';

// The short version of `npm run chaos`: a few kill -9s during writes. CHAOS_SEED replays a failure.
const seed = Number(process.env.CHAOS_SEED ?? randomInt(2 ** 31));
const lines: string[] = [];
const options = (kills: number, users: number): ChaosOptions => ({
  kills,
  seed,
  users,
  minKillMs: 100,
  maxKillMs: 800,
  log: (line) => lines.push(line),
});
const replay = () => `seed ${seed} (CHAOS_SEED=${seed} replays it)\n${lines.join('\n')}`;

// One database per run: the embedded server on the PGlite run, two servers on the PostgreSQL run.
if (postgresUrl) {
  describe('crash and restart, two servers on PostgreSQL', () => {
    it('loses no acknowledged write when one server is killed, creates each reminder once and sends each mail once', async () => {
      const result = await runPostgresChaos({ ...options(3, 4), mailSettleMs: 0 }, postgresUrl as string);
      expect(result.failures, replay()).toEqual([]);
      expect(result.lost, replay()).toEqual([]);
      expect(result.restarts, replay()).toBe(3);
      expect(result.record.acknowledged).toBeGreaterThan(0);
      expect(result.notes.join('\n')).toMatch(/4 of 4 created exactly once/);
    }, 240_000);
  });
} else {
  describe('crash and restart of the embedded server', () => {
    it('comes back after kill -9 with every acknowledged write, and the data directory opens', async () => {
      const result = await runEmbeddedChaos(options(3, 3));
      expect(result.failures, replay()).toEqual([]);
      expect(result.lost, replay()).toEqual([]);
      expect(result.restarts, replay()).toBe(3);
      expect(result.record.acknowledged).toBeGreaterThan(0);
    }, 240_000);
  });
}

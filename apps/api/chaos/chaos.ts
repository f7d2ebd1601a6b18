import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runEmbeddedChaos } from './embedded.ts';
import type { ChaosOptions, ChaosResult } from './options.ts';
import { runPostgresChaos } from './postgres.ts';

// `npm run chaos [-- --kills 50 --seed 123 --postgres]`; CHAOS_KILLS, CHAOS_SEED and CHAOS_DATABASE_URL work too.
const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: process.env.CHAOS_KILLS ?? '50' },
    seed: { type: 'string', default: process.env.CHAOS_SEED },
    users: { type: 'string' },
    // Share of restarts that are killed again during start-up (embedded mode).
    'startup-kills': { type: 'string', default: process.env.CHAOS_STARTUP_KILLS ?? '0.2' },
    postgres: { type: 'boolean', default: false },
    'database-url': {
      type: 'string',
      default: process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});

const options: ChaosOptions = {
  kills: Number(values.kills),
  seed: values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed),
  users: Number(values.users ?? (values.postgres ? 6 : 4)),
  minKillMs: 100,
  maxKillMs: 2_000,
  startupKillShare: Number(values['startup-kills']),
  log: (line) => console.log(line),
};
const share = options.startupKillShare ?? 0;
if (
  !Number.isInteger(options.kills) ||
  options.kills < 1 ||
  !Number.isInteger(options.seed) ||
  !(share >= 0 && share <= 1)
) {
  console.error(
    'usage: npm run chaos -- [--kills N] [--seed N] [--users N] [--startup-kills 0..1] [--postgres [--database-url URL]]',
  );
  process.exit(2);
}

const mode = values.postgres ? 'PostgreSQL, two servers, one killed each round' : 'embedded PGlite server';
console.log(`chaos: ${mode}; ${options.kills} kills (SIGKILL), seed ${options.seed}, ${options.users} writing users`);
const result: ChaosResult = values.postgres
  ? await runPostgresChaos(options, values['database-url'])
  : await runEmbeddedChaos(options);

for (const note of result.notes) console.log(`note: ${note}`);
for (const failure of result.failures) console.error(`FAILED: ${failure}`);
const r = result.record;
console.log(
  `${result.restarts}/${options.kills} restarts, ${result.lost.length} lost writes ` +
    `(${r.acknowledged} acknowledged writes checked; ${r.unknown} cut off by a kill, of which ${r.unknownLanded} ` +
    `had committed; ${r.notSent} not sent to a server that was down; ${r.refused} refused, ${r.serverErrors} with a 5xx) — seed ${options.seed}`,
);
if (result.startupKills > 0) console.log(`and ${result.startupKills} more kills during a start-up`);
const ok = result.failures.length === 0 && result.lost.length === 0 && result.restarts === options.kills;
process.exit(ok ? 0 : 1);

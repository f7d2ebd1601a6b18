import type { TestApp } from '../test-app.ts';
import { HARNESSES } from './harnesses.ts';
import type { OwnedIds, OwnedRecord, PathId, Send } from './module-harness.ts';
import type { KnownName } from './wire.ts';

/**
 * Records the fuzz user owns in every area that has per-row routes, so that the fuzzer's ids can be
 * real ones: without them every `/{id}` route only ever answered its 404, and the code behind the
 * lookup (version checks, ledger rules, deletes) was never reached. Each module names its own
 * (`owned` in its module.test-helpers.ts, module-harness.ts); here they are made and read, module by
 * module in the registry's order.
 *
 * The fuzzer may delete or replace these records (a valid DELETE, a loan list saved without them),
 * so the ids are read again after every successful write, and a record that is gone is made again.
 */
const OWNED: readonly OwnedRecord[] = HARNESSES.flatMap(({ harness }) => harness.owned ?? []);

/** The names of the records, in the order they are made. */
export const OWNED_NAMES: readonly KnownName[] = OWNED.map((r) => r.name);

/** Which of the user's ids a path parameter names, by the route's path. */
const PATH_IDS: readonly PathId[] = [
  ...HARNESSES.flatMap(({ harness }) => harness.pathIds ?? []),
  ...OWNED.flatMap((r) => r.paths.map((p) => ({ ...p, name: r.name }))),
];

/** Which of the user's ids a path parameter names, by the route's path; undefined for none. */
export function ownedIdFor(path: string, param: string): KnownName | undefined {
  return PATH_IDS.find((p) => p.param === param && p.route.test(path))?.name;
}

/** The newest of each record the user owns, straight from the database. */
export async function readOwnedIds(t: TestApp, userId: string): Promise<OwnedIds> {
  const ids: OwnedIds = {};
  for (const record of OWNED) ids[record.name] = await record.read(t, userId);
  return ids;
}

/** Reads the user's ids, makes what is missing (in order: a goal before its entry), and reads again. */
export async function ensureOwnedRecords(t: TestApp, userId: string, send: Send): Promise<OwnedIds> {
  let ids = await readOwnedIds(t, userId);
  for (const record of OWNED) {
    if (ids[record.name]) continue;
    await record.make(send, ids);
    ids = await readOwnedIds(t, userId);
  }
  return ids;
}

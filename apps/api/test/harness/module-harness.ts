import type { TestApp } from '../test-app.ts';
import type { MatrixRow } from './access-matrix.ts';
import type { KnownName } from './wire.ts';

/**
 * What each API module tells the test harness about itself (issue 27 item 6): the module's
 * `testing.ts` exports it as `harness` (from its `module.test-helpers.ts`), beside the module's
 * module.ts, so production code carries no test data. The harness loops over modules/registry.ts
 * and reads each module's (harnesses.ts): a new module adds its records here by adding them in its own folder.
 */
export interface ModuleHarness {
  /** Records the fuzz user owns in the module's per-row routes (owned-records.ts). */
  owned?: OwnedRecord[];
  /** Path parameters that name something the user has that is not made per user (a notification, a tool). */
  pathIds?: PathId[];
  /** The module's rows of the access matrix (access-control.test.ts), by 'METHOD /api/path'. */
  matrix?: Record<string, MatrixRow>;
}

/** A path parameter that names one of the user's things, by the route's path. */
export interface PathId {
  route: RegExp;
  param: string;
  name: KnownName;
}

/** `headers` for a body that is not JSON (a bank file's multipart upload). */
export type Send = (
  method: 'POST',
  url: string,
  payload: object,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

/** The ids of the records the fuzz user owns, by their names. */
export type OwnedIds = Partial<Record<KnownName, string>>;

/**
 * One kind of record the fuzz user owns, so the fuzzer's ids can be real ones: without them every
 * `/{id}` route only ever answered its 404, and the code behind the lookup was never reached.
 */
export interface OwnedRecord {
  /** The name the fuzzer's requests carry its id under (`loan_id`). */
  name: KnownName;
  /** The path parameters that name it. */
  paths: { route: RegExp; param: string }[];
  /** Makes one through the API, the way a user would; `ids`: the user's other records (a goal before its entry). */
  make(send: Send, ids: OwnedIds): Promise<void>;
  /** The id of the user's newest one that the routes can still act on, straight from the database. */
  read(t: TestApp, userId: string): Promise<string | undefined>;
}

/**
 * Sends one request of a record's making: the fuzzer's earlier inputs may have filled an area (50
 * goals, a budget for the month), so any refusal but a server error still leaves a record to find.
 */
export async function must(answer: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const res = await answer;
  if (res.statusCode >= 500) throw new Error(`making a fuzz record failed: ${res.statusCode} ${res.body}`);
}

/** The newest id of a query's rows, or undefined. */
export const newest = async (rows: Promise<{ id: string }[]>) => (await rows)[0]?.id;

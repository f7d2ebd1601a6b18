import type { Database, Db } from '@helo/db/client';
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';

/**
 * The module contract (issue 27 item 6, ARCHITECTURE.md "Modules keep to themselves"): each API module
 * describes itself once, in `modules/<x>/module.ts`, exported through its index.ts, and
 * `modules/registry.ts` lists the modules in order. app.ts and the test harness loop over that list;
 * a new feature touches its own folder and one line of the registry.
 *
 * This file sits outside modules/ (a file of its own at the root of src/) so every module may import
 * it while the registry, which imports every module, stays apart.
 */

/** What every module's factories are given: the app's shared pieces, built once in app.ts. */
export interface SharedDeps {
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Every module's `userTables`, in registry order: what the account export reads. */
  userTables: UserTable[];
}

/** The services of the modules, by name: each module adds its own under names of its choosing. */
export type Services = Record<string, unknown>;

/**
 * The hooks a route plugin puts in front of its routes, provided by the auth module (first in the
 * registry after health) and handed to every module's `routes`.
 */
export interface RouteHooks {
  /** Signed in, with a verified email unless the route's config allows otherwise (require-verified.ts). */
  authenticate: preHandlerAsyncHookHandler;
  /** Who is signed in, if anyone, for routes that also answer anonymous users. */
  identify: preHandlerAsyncHookHandler;
}

/** One Fastify plugin to register, with its options (a route plugin's also carry its URL prefix). */
export interface PluginEntry {
  // biome-ignore lint/suspicious/noExplicitAny: each entry's options are checked against its own plugin by plugin()/routes()
  plugin: (app: FastifyInstance, options: any) => unknown;
  options: Record<string, unknown>;
}

/** A route plugin under its URL prefix: the types tie the options to the plugin's own. */
export function routes<O extends object>(
  prefix: string,
  plugin: (app: FastifyInstance, options: O) => Promise<void>,
  options: O,
): PluginEntry {
  return { plugin, options: { prefix, ...options } };
}

/** An app-wide plugin (decorators and hooks every route sees), without a prefix. */
export function plugin<O extends object>(p: (app: FastifyInstance, options: O) => unknown, options: O): PluginEntry {
  return { plugin: p, options: { ...options } as Record<string, unknown> };
}

/**
 * A table that holds a user's rows, and how the account export reads it (issue 16). Every table of
 * the database is in some module's `userTables` or in the account module's `LEFT_OUT`, with its
 * reason (`account-tables.test.ts`).
 *
 * `scope` is the column that names the user: the user's id, or (the outbox, which keeps no user id)
 * the user's email address. `withheld` columns are secrets or the means to sign in: they never leave
 * the server, not even to their owner (a copy of an export must not be a way into the account).
 */
export interface UserTable {
  /** The table's name in the database, also the key in data.json and the CSV's name. */
  name: string;
  table: PgTable;
  scope: { column: Column; by: 'user_id' | 'email' };
  /** Database column names never exported. */
  withheld: string[];
  /** What a row is, for the archive's README. */
  about: string;
  /** Stable order of rows in the files. */
  orderBy: Column[];
  /**
   * How an account's deletion removes the user's rows when the foreign key to `users` does not (it
   * sets null, or there is none): run in the deletion's transaction before the user's row goes.
   * Absent: the rows cascade from the user's row.
   */
  deleteOutsideCascade?: (tx: Db, user: { id: string; email: string }) => Promise<void>;
}

export const byUser = (column: Column) => ({ column, by: 'user_id' as const });

/** A scheduled job (pg-boss, jobs/scheduler.ts): a queue, its cron, and what one run does. */
export interface ScheduledJob<R = unknown> {
  queue: string;
  /** When it runs (cron, UTC). */
  cron: string;
  /** One run; safe to run twice or on two servers at once. */
  run: () => Promise<R>;
  /** Also put on the queue when the server starts (after a night without a server running). */
  atStart?: boolean;
  /** What a finished run logs, if anything, from its result. */
  report?: (result: R, log: FastifyBaseLogger) => void;
}

/** Types a job: its report reads what its run returns. */
export function job<R>(j: ScheduledJob<R>): ScheduledJob {
  return j as ScheduledJob;
}

/**
 * One module's description. `Needs` are the services of modules before it in the registry that its
 * factories use; `Provides` what its `services` adds for the modules after it.
 */
export interface ApiModule<Needs extends object = Services, Provides extends object = Services> {
  /** The module's folder under modules/ (a folder may describe itself in several parts: `auth/recent-auth`). */
  name: string;
  /** Builds the module's services once, from the shared deps and the services of the modules before it. */
  services?: (deps: SharedDeps, services: Needs) => Provides;
  /** App-wide plugins, registered (in registry order) before any module's routes. */
  plugins?: (deps: SharedDeps, services: Needs & Provides) => PluginEntry[];
  /** Its route plugins and their prefixes, registered in registry order. */
  routes?: (deps: SharedDeps, services: Needs & Provides & RouteHooks) => PluginEntry[];
  /** Its tables that hold a user's rows: the account export reads them and the deletion clears them. */
  userTables?: UserTable[];
  /** Its scheduled jobs; built once every module's services exist. */
  jobs?: (deps: SharedDeps, services: Needs & Provides) => ScheduledJob[];
}

/** Types a module's description: `Needs` from its factory's parameter, `Provides` from what it returns. */
export function defineModule<
  Needs extends object = Record<never, never>,
  Provides extends object = Record<never, never>,
>(module: ApiModule<Needs, Provides>): ApiModule<Needs, Provides> {
  return module;
}

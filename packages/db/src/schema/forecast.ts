import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger.ts';
import { users } from './users.ts';

/**
 * The forecast's settings (issue 30 item 4): the floor below which an account's forecast is an alert
 * (0: below $0). No row reads as a floor of 0.
 */
export const forecastSettings = pgTable(
  'forecast_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    floorCents: bigint('floor_cents', { mode: 'number' }).$type<Cents>().notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('forecast_settings_floor_nonnegative', sql`${t.floorCents} >= 0`)],
);

/** A floor for one account, in place of the user's. */
export const forecastAccountFloors = pgTable(
  'forecast_account_floors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    floorCents: bigint('floor_cents', { mode: 'number' }).$type<Cents>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    check('forecast_account_floors_floor_nonnegative', sql`${t.floorCents} >= 0`),
  ],
);

/**
 * An account's low-balance alert (decisions.md "The balance forecast"): `open` while its forecast dips
 * below the floor; `episode` counts the episodes, each alerted once (the notification's dedupe key).
 */
export const forecastAlerts = pgTable(
  'forecast_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    open: boolean('open').notNull(),
    episode: integer('episode').notNull(),
    /** The first day forecast below the floor when the episode began. */
    firstDip: date('first_dip', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    check('forecast_alerts_episode_positive', sql`${t.episode} >= 1`),
  ],
);

export type ForecastAlertRow = typeof forecastAlerts.$inferSelect;

/**
 * Every table that can hold a user's rows is in its module's `userTables` (modules/<x>/module.ts,
 * collected by modules/registry.ts): the export reads them, its README describes them, and the
 * deletion clears them. `account-tables.test.ts` reads information_schema and fails when a table is
 * neither in some module's `userTables` nor here, so a new feature's table cannot be forgotten.
 */

/**
 * Tables of the database left out of the export on purpose, with the reason, as `schema.table`
 * (`schema.*` for a whole schema). Deleting an account must still leave none of the user's rows in
 * them: the deletion test scans every table of every schema.
 */
export const LEFT_OUT: Record<string, string> = {
  'public.goals': 'the catalogue of onboarding goals, the same for everyone (user_goals refers to it by id)',
  'public.debts': 'the catalogue of debt types, the same for everyone (user_debts refers to it by id)',
  'drizzle.*': 'the list of applied migrations: no user data',
  'pgboss.*': "the job queue's own tables: the scheduled jobs carry no user data (they read the tables above)",
};

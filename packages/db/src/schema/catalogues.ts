import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The onboarding goals a user can pick from (GET /v1/goals). Rows are seeded by a migration. */
export const goals = pgTable(
  'goals',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    goalName: text('goal_name').notNull(),
    description: text('description').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('goals_slug_key').on(t.slug)],
);

/** The debt types of the spec (GET /v1/debts). Rows are seeded by a migration. */
export const debts = pgTable(
  'debts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    debtName: text('debt_name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('debts_slug_key').on(t.slug)],
);

export type GoalRow = typeof goals.$inferSelect;
export type DebtRow = typeof debts.$inferSelect;

import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The optional setup after verifying (issue 25): the monthly take-home income, which the emergency
 * fund and the budget setups start from, and what the user wants to do first. Null: not answered.
 */
export const onboardingProfiles = pgTable(
  'onboarding_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    monthlyIncomeCents: bigint('monthly_income_cents', { mode: 'number' }).$type<Cents>(),
    firstFocus: text('first_focus'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('onboarding_profiles_monthly_income_nonnegative', sql`${t.monthlyIncomeCents} >= 0`),
    check(
      'onboarding_profiles_first_focus',
      sql`${t.firstFocus} IN ('pay_off_debt', 'emergency_fund', 'budget', 'goal', 'investing')`,
    ),
  ],
);
export type OnboardingProfileRow = typeof onboardingProfiles.$inferSelect;

import type { Db } from '@helo/db/client';
import { type BudgetSettingsRow, budgetSettings } from '@helo/db/schema';
import type { PayCadence } from '@helo/finance/pay-period';
import { eq } from 'drizzle-orm';

/** The user's budget settings, or undefined (budgeting by month, as everyone does by default). */
export async function findSettings(db: Db, userId: string): Promise<BudgetSettingsRow | undefined> {
  const [row] = await db.select().from(budgetSettings).where(eq(budgetSettings.userId, userId));
  return row;
}

export interface SettingsFields {
  period: 'month' | 'pay_period';
  cadence: PayCadence | null;
  rolloverCategories: string[];
  rolloverFrom: string | null;
  version: number;
}

/** Writes the user's settings (one row per user), inserted or replaced. The caller holds the user's lock. */
export async function saveSettings(
  tx: Db,
  userId: string,
  fields: SettingsFields,
  now: Date,
): Promise<BudgetSettingsRow> {
  const values = { ...fields, updatedAt: now };
  const [row] = await tx
    .insert(budgetSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: budgetSettings.userId, set: values })
    .returning();
  if (!row) throw new Error('the budget settings just written are gone');
  return row;
}

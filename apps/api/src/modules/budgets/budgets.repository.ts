import type { Db } from '@helo/db/client';
import {
  type BudgetCategoryRow,
  userBudgets as budgets,
  budgetCategories as categories,
  type UserBudgetRow,
  userDebts,
} from '@helo/db/schema';
import { asCents, type Cents } from '@helo/finance/cents';
import { and, asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';

/** A budget with its categories in the user's order. */
export interface SavedBudget {
  row: UserBudgetRow;
  categories: BudgetCategoryRow[];
}

/** A category as the service hands it over: its id when it keeps one, cents, its place is its index. */
export interface CategoryFields {
  id?: string | undefined;
  name: string;
  group: 'needs' | 'wants' | 'savings';
  preset: string | null;
  plannedCents: Cents;
}

/**
 * The user's budgets matching `where`, with their categories, newest month first. One statement (a
 * join), so a budget and its categories are read at one instant even while a save commits.
 */
async function budgetsWith(db: Db, userId: string, where?: SQL): Promise<SavedBudget[]> {
  const rows = await db
    .select({ budget: budgets, category: categories })
    .from(budgets)
    .leftJoin(categories, and(eq(categories.budgetId, budgets.id), eq(categories.userId, userId)))
    .where(and(eq(budgets.userId, userId), where))
    .orderBy(desc(budgets.month), asc(categories.position));
  const byId = new Map<string, SavedBudget>();
  for (const { budget, category } of rows) {
    let saved = byId.get(budget.id);
    if (!saved) {
      saved = { row: budget, categories: [] };
      byId.set(budget.id, saved);
    }
    if (category) saved.categories.push(category);
  }
  return [...byId.values()];
}

export const listBudgets = (db: Db, userId: string) => budgetsWith(db, userId);

export async function findBudget(db: Db, userId: string, id: string): Promise<SavedBudget | undefined> {
  return (await budgetsWith(db, userId, eq(budgets.id, id)))[0];
}

export async function findBudgetByMonth(db: Db, userId: string, month: string): Promise<SavedBudget | undefined> {
  return (await budgetsWith(db, userId, eq(budgets.month, month)))[0];
}

/** The user's budget, locked until the transaction ends: writes to one budget run one after the other. */
export async function lockBudget(tx: Db, userId: string, id: string): Promise<UserBudgetRow | undefined> {
  const [row] = await tx
    .select()
    .from(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.userId, userId)))
    .for('update');
  return row;
}

export async function countBudgets(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(budgets).where(eq(budgets.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Creates the month's budget; undefined when the user has that month already. The unique index on
 * (user_id, month) decides between two creates at once: the second waits for the first, then
 * inserts nothing.
 */
export async function insertBudget(
  tx: Db,
  userId: string,
  month: string,
  netIncomeCents: Cents,
  now: Date,
): Promise<UserBudgetRow | undefined> {
  const [row] = await tx
    .insert(budgets)
    .values({ userId, month, netIncomeCents, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [budgets.userId, budgets.month] })
    .returning();
  return row;
}

/** A new income on the locked budget, counted in `version`. */
export async function updateBudget(
  tx: Db,
  userId: string,
  id: string,
  netIncomeCents: Cents,
  now: Date,
): Promise<void> {
  await tx
    .update(budgets)
    .set({ netIncomeCents, version: sql`${budgets.version} + 1`, updatedAt: now })
    .where(and(eq(budgets.id, id), eq(budgets.userId, userId)));
}

export async function deleteBudget(tx: Db, userId: string, id: string): Promise<void> {
  await tx.delete(budgets).where(and(eq(budgets.id, id), eq(budgets.userId, userId)));
}

/**
 * Writes the budget's categories as `list`, in its order. The old rows go and the list is inserted
 * again, a kept category under its own id: renaming one to another's name and back in one save
 * ('Food' ↔ 'Groceries') would trip the unique index if rows were updated one at a time.
 */
export async function replaceCategories(
  tx: Db,
  userId: string,
  budgetId: string,
  list: CategoryFields[],
): Promise<void> {
  await tx.delete(categories).where(and(eq(categories.budgetId, budgetId), eq(categories.userId, userId)));
  if (list.length === 0) return;
  await tx.insert(categories).values(
    list.map((c, position) => ({
      ...(c.id === undefined ? {} : { id: c.id }),
      userId,
      budgetId,
      name: c.name,
      group: c.group,
      preset: c.preset,
      plannedCents: c.plannedCents,
      position,
    })),
  );
}

/**
 * The names as the unique index compares them: PostgreSQL's lower(), which follows the database's
 * locale and may fold a letter JavaScript's toLowerCase() leaves apart ('İ' and 'i').
 */
export async function lowerNames(db: Db, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const columns = sql.join(
    names.map((name, i) => sql`lower(${name}::text) as ${sql.identifier(`n${i}`)}`),
    sql`, `,
  );
  // Both drivers (pg and PGlite) answer a raw statement with `{ rows }`.
  const result = (await db.execute(sql`select ${columns}`)) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  return names.map((_, i) => String(row[`n${i}`]));
}

/**
 * The planned needs and wants of the user's budget for `month`, or else of their latest budget
 * before it; undefined without one. What the emergency fund counts as monthly expenses.
 */
export async function budgetExpensesAsOf(
  db: Db,
  userId: string,
  month: string,
): Promise<{ month: string; cents: Cents } | undefined> {
  const [latest] = await db
    .select({
      month: budgets.month,
      // sum() of bigint is numeric in PostgreSQL; it arrives as a string, exact.
      expenses: sql<string>`coalesce(sum(${categories.plannedCents}) filter (where ${categories.group} in ('needs', 'wants')), 0)`,
    })
    .from(budgets)
    .leftJoin(categories, and(eq(categories.budgetId, budgets.id), eq(categories.userId, userId)))
    .where(and(eq(budgets.userId, userId), lte(budgets.month, month)))
    .groupBy(budgets.id, budgets.month)
    .orderBy(desc(budgets.month))
    .limit(1);
  return latest ? { month: latest.month, cents: asCents(Number(latest.expenses)) } : undefined;
}

/** The monthly payments of the user's loans, summed, and how many loans there are. */
export async function loanPayments(db: Db, userId: string): Promise<{ cents: Cents; count: number }> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${userDebts.monthlyPaymentCents}), 0)`,
      n: count(),
    })
    .from(userDebts)
    .where(eq(userDebts.userId, userId));
  return { cents: asCents(Number(row?.total ?? 0)), count: Number(row?.n ?? 0) };
}

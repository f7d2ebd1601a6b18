import {
  type Budget,
  type createBudgetBody,
  isBudgetId,
  MAX_BUDGETS,
  type updateBudgetBody,
} from '@helo/contract/budgets';
import type { Db } from '@helo/db/client';
import { monthLabel } from '@helo/finance/calendar';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { lockUser } from '../../lib/user-lock.ts';
import {
  type CategoryFields,
  countBudgets,
  deleteBudget,
  findBudget,
  findBudgetByMonth,
  insertBudget,
  listBudgets,
  loanPayments,
  lockBudget,
  lowerNames,
  replaceCategories,
  type SavedBudget,
  updateBudget,
} from './budgets.repository.ts';
import { toWire } from './budgets.wire.ts';

export type CreateInput = z.output<typeof createBudgetBody>;
export type UpdateInput = z.output<typeof updateBudgetBody>;

export const BUDGET_NOT_FOUND = 'Budget not found';
export const STALE_BUDGET =
  'This budget was changed in another tab or device. Reload to see the latest, then make your change again.';

/**
 * The user's monthly budgets (decisions.md "Budget Builder"). A new month takes the user's row lock
 * (the count of budgets is checked under it); a change or delete locks the budget's row, so two
 * saves of one budget are checked against its version one after the other.
 */
export class BudgetsService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list(userId: string): Promise<Budget[]> {
    return (await listBudgets(this.#db, userId)).map(toWire);
  }

  /**
   * A new month: 409 naming `month` when the user has it already (also when two creates race: the
   * unique index lets one through), 404 naming `copy_from` when the month to copy does not exist.
   */
  async create(userId: string, body: CreateInput): Promise<Budget> {
    const saved = await this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      let source: SavedBudget | undefined;
      if (body.copy_from !== undefined) {
        source = await findBudgetByMonth(tx, userId, body.copy_from);
        if (!source) {
          const message = `There is no budget for ${monthLabel(body.copy_from)} to copy`;
          throw new HttpError(404, `copy_from: ${message}`, [{ path: 'copy_from', message }]);
        }
      }
      const list: CategoryFields[] = body.categories
        ? body.categories.map(fieldsOf)
        : (source?.categories ?? []).map((c) => ({
            name: c.name,
            group: c.group,
            preset: c.preset,
            plannedCents: c.plannedCents,
          }));
      await checkNamesAsStored(tx, list);
      const income = body.net_income === undefined ? source?.row.netIncomeCents : dollarsToCents(body.net_income);
      if (income === undefined) throw invalidField('net_income', 'Net monthly income is required');
      if ((await countBudgets(tx, userId)) >= MAX_BUDGETS) {
        throw conflict(`You can keep at most ${MAX_BUDGETS} monthly budgets. Delete an old month to add another.`);
      }
      const row = await insertBudget(tx, userId, body.month, income, this.#clock.now());
      if (!row) {
        throw invalidField('month', `You already have a budget for ${monthLabel(body.month)}`, {
          status: 409,
          summary: `You already have a budget for ${monthLabel(body.month)}. Open it to make changes.`,
        });
      }
      await replaceCategories(tx, userId, row.id, list);
      return this.#read(tx, userId, row.id);
    });
    return toWire(saved);
  }

  /**
   * The whole budget from the version the client read: categories sent with an id keep it (it must
   * be one of this budget's, else 404 like a path id), new ones are created, the others deleted.
   */
  async update(userId: string, id: string, body: UpdateInput): Promise<Budget> {
    const saved = await this.#db.transaction(async (tx) => {
      const locked = isBudgetId(id) ? await lockBudget(tx, userId, id) : undefined;
      if (!locked) throw notFound(BUDGET_NOT_FOUND);
      if (locked.version !== body.version) throw conflict(STALE_BUDGET);
      const current = await findBudget(tx, userId, locked.id);
      const ids = new Set(current?.categories.map((c) => c.id));
      const list = body.categories.map((c, i) => {
        const keep = c.id?.toLowerCase();
        if (keep !== undefined && !ids.has(keep)) {
          throw notFound(
            `Row ${i + 1}: Category not found. It may have been deleted in another tab or device: reload to see the latest.`,
          );
        }
        return { ...fieldsOf(c), id: keep };
      });
      await checkNamesAsStored(tx, list);
      await updateBudget(tx, userId, locked.id, dollarsToCents(body.net_income), this.#clock.now());
      await replaceCategories(tx, userId, locked.id, list);
      return this.#read(tx, userId, locked.id);
    });
    return toWire(saved);
  }

  /** Deletes the budget with its categories; with a version, only if it is still that one. */
  remove(userId: string, id: string, version: number | undefined): Promise<void> {
    return this.#db.transaction(async (tx) => {
      const locked = isBudgetId(id) ? await lockBudget(tx, userId, id) : undefined;
      if (!locked) throw notFound(BUDGET_NOT_FOUND);
      if (version !== undefined && locked.version !== version) throw conflict(STALE_BUDGET);
      await deleteBudget(tx, userId, locked.id);
    });
  }

  /** What the setup fills in: the monthly payments of the user's loans, as 'Debt payments'. */
  async prefill(userId: string): Promise<{ debt_payments: ReturnType<typeof centsToDollars>; loan_count: number }> {
    const loans = await loanPayments(this.#db, userId);
    return { debt_payments: centsToDollars(loans.cents), loan_count: loans.count };
  }

  async #read(tx: Db, userId: string, id: string): Promise<SavedBudget> {
    const saved = await findBudget(tx, userId, id);
    if (!saved) throw new Error('the budget just written is gone');
    return saved;
  }
}

/** A category as the contract parsed it (its amount already checked to convert exactly), in cents. */
function fieldsOf(
  c: UpdateInput['categories'][number] | NonNullable<CreateInput['categories']>[number],
): CategoryFields {
  return { name: c.name, group: c.group, preset: c.preset ?? null, plannedCents: dollarsToCents(c.planned) };
}

/**
 * The contract has refused names equal in JavaScript's lower case; the unique index compares
 * PostgreSQL's lower(), which can fold more ('İ' and 'i' in some locales). Asking the database the
 * same question first makes that a 400 naming the row, never a failed insert.
 */
async function checkNamesAsStored(tx: Db, list: CategoryFields[]): Promise<void> {
  if (list.length < 2) return;
  const lowered = await lowerNames(
    tx,
    list.map((c) => c.name),
  );
  const seen = new Map<string, number>();
  lowered.forEach((name, i) => {
    const first = seen.get(name);
    if (first !== undefined) {
      throw invalidField(`categories.${i}.name`, `Category name is already used in row ${first + 1}`);
    }
    seen.set(name, i);
  });
}

import type {
  BudgetPeriod,
  BudgetSettings,
  budgetSettingsBody,
  PayCadenceView,
  PeriodCategory,
} from '@helo/contract/budgets';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { BudgetSettingsRow } from '@helo/db/schema';
import { addDays, type Day } from '@helo/finance/calendar';
import { centsToDollars } from '@helo/finance/cents';
import {
  nextPeriod,
  type PayCadence,
  type PayPeriod,
  type PeriodFigures,
  periodContaining,
  periodPlanned,
  periodsPerYear,
  planMonthOf,
  previousPeriod,
  rollForward,
} from '@helo/finance/pay-period';
import { spendingByCategory } from '@helo/finance/spending';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { findSettings, saveSettings } from './budget-periods.repository.ts';
import { listBudgets, type SavedBudget } from './budgets.repository.ts';
import type { BudgetSpent } from './spent-source.ts';

export type SettingsInput = z.output<typeof budgetSettingsBody>;

/** Budgeting by month is the calendar month: a payday on the 1st. */
const CALENDAR_MONTH: PayCadence = { every: 'month', day: 1 };

export const STALE_SETTINGS =
  'Your budget settings were changed in another tab or device. Reload to see the latest, then make your change again.';

const key = (name: string) => name.toLowerCase();

/**
 * Budgets by pay period (issue 30 item 5; decisions.md "Budgets by pay period"): the user's choice
 * of month or pay period, the categories that roll over, and a period's figures. The plan comes from
 * the monthly budgets (`@helo/finance/pay-period` maps a month's amount onto a period), Spent from
 * My Wallet's transactions through `BudgetSpent`.
 */
export class BudgetPeriodsService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #spent: BudgetSpent;

  constructor(db: Db, clock: Clock, spent: BudgetSpent) {
    this.#db = db;
    this.#clock = clock;
    this.#spent = spent;
  }

  async settings(userId: string): Promise<BudgetSettings> {
    return settingsView(await findSettings(this.#db, userId));
  }

  /**
   * Saves the whole settings from the version read (1 before any save; stale: 409, nothing written).
   * Rollover counts from the period holding today whenever pay periods start or their cadence
   * changes; a change of the rollover list alone keeps it.
   */
  async saveSettings(userId: string, body: SettingsInput): Promise<BudgetSettings> {
    const today = productToday(this.#clock.now());
    const row = await this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const current = await findSettings(tx, userId);
      if ((current?.version ?? 1) !== body.version) throw conflict(STALE_SETTINGS);
      const cadence = (body.cadence as PayCadence | null) ?? current?.cadence ?? null;
      let rolloverFrom = current?.rolloverFrom ?? null;
      if (body.period === 'pay_period' && cadence) {
        const unchanged =
          current?.period === 'pay_period' && JSON.stringify(current.cadence) === JSON.stringify(cadence);
        if (!unchanged || rolloverFrom === null) rolloverFrom = periodContaining(cadence, today).start;
      }
      const seen = new Set<string>();
      const names = body.rollover_categories.filter((n) => !seen.has(key(n)) && seen.add(key(n)));
      return saveSettings(
        tx,
        userId,
        {
          period: body.period,
          cadence,
          rolloverCategories: names,
          rolloverFrom,
          version: (current?.version ?? 1) + 1,
        },
        this.#clock.now(),
      );
    });
    return settingsView(row);
  }

  /**
   * The period holding `date` (today in New York without one): by month, the calendar month; by pay
   * period, the cadence's. Read in one repeatable-read transaction, so the plan and every period's
   * spending are one moment's.
   */
  period(userId: string, date: Day | undefined): Promise<BudgetPeriod> {
    const day = date ?? productToday(this.#clock.now());
    return this.#db.transaction(
      async (tx) => {
        const settings = await findSettings(tx, userId);
        const byPayPeriod = settings?.period === 'pay_period' && settings.cadence !== null;
        const cadence = byPayPeriod && settings.cadence ? settings.cadence : CALENDAR_MONTH;
        const shown = periodContaining(cadence, day);
        const budgets = await listBudgets(tx, userId);
        const rollover = new Set(byPayPeriod ? (settings?.rolloverCategories ?? []).map(key) : []);

        // The periods before the shown one that carry into it: from rollover_from, at most a year.
        const chain: PayPeriod[] = [];
        const from = settings?.rolloverFrom;
        if (rollover.size > 0 && from) {
          let p = shown;
          while (chain.length < periodsPerYear(cadence)) {
            p = previousPeriod(cadence, p);
            if (p.start < from) break;
            chain.unshift(p);
          }
        }
        const figures: PeriodRows[] = [];
        for (const p of [...chain, shown]) figures.push(await this.#periodFigures(tx, userId, cadence, p, budgets));
        const shownFigures = figures.at(-1) as PeriodRows;

        // The shown period's rows, then any rolling category it no longer lists that carries money in.
        const names = shownFigures.rows.map((r) => r.name);
        for (const f of figures)
          for (const r of f.rows)
            if (rollover.has(key(r.name)) && !names.some((n) => key(n) === key(r.name))) names.push(r.name);

        const computed = names.map((name) => {
          const on = rollover.has(key(name));
          const through = rollForward(
            figures.map((f) => {
              const row = f.rows.find((r) => key(r.name) === key(name));
              return { plannedCents: row?.plannedCents ?? 0, spentCents: row?.spentCents ?? 0 };
            }),
            on,
          );
          const shownRow = shownFigures.rows.find((r) => key(r.name) === key(name));
          return { name, on, shownRow, last: through.at(-1) as PeriodFigures };
        });
        // Rows the shown period does not list and that carry nothing add nothing: leave them out.
        const kept = computed.filter((c) => c.shownRow !== undefined || c.last.rolledCents !== 0);
        const categories: PeriodCategory[] = kept.map(({ name, on, shownRow, last }) => ({
          name,
          group: shownRow?.group ?? null,
          planned: centsToDollars(last.plannedCents),
          rolled_over: centsToDollars(last.rolledCents),
          spent: centsToDollars(last.spentCents),
          left: centsToDollars(last.leftCents),
          rollover: on,
        }));
        const sum = (pick: (f: PeriodFigures) => number) => centsToDollars(kept.reduce((s, c) => s + pick(c.last), 0));
        return {
          period: byPayPeriod ? 'pay_period' : 'month',
          start: shown.start,
          end: shown.end,
          previous_start: previousPeriod(cadence, shown).start,
          next_start: nextPeriod(cadence, shown).start,
          budget_month: shownFigures.budget?.row.month ?? null,
          categories,
          totals: {
            planned: sum((f) => f.plannedCents),
            rolled_over: sum((f) => f.rolledCents),
            spent: sum((f) => f.spentCents),
            left: sum((f) => f.leftCents),
          },
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** One period's plan (from the budget of its first day's month, or the latest before) and spending. */
  async #periodFigures(
    tx: Db,
    userId: string,
    cadence: PayCadence,
    period: PayPeriod,
    budgets: SavedBudget[],
  ): Promise<PeriodRows> {
    const month = planMonthOf(period);
    // Newest month first: the first at or before the period's month.
    const budget = budgets.find((b) => b.row.month <= month);
    const flows = await this.#spent(tx, userId, period.start, addDays(period.end, 1));
    const spending = spendingByCategory({
      budget: (budget?.categories ?? []).map((c) => ({ name: c.name, plannedCents: c.plannedCents })),
      flows,
      uncategorized: UNCATEGORIZED,
    });
    return {
      budget,
      rows: spending.categories.map((c) => {
        const category = budget?.categories.find((b) => key(b.name) === key(c.name));
        return {
          name: c.name,
          group: category?.group ?? null,
          plannedCents: c.plannedCents === null ? 0 : periodPlanned(cadence, period.index, c.plannedCents),
          spentCents: c.spentCents,
        };
      }),
    };
  }
}

interface PeriodRows {
  budget: SavedBudget | undefined;
  rows: { name: string; group: 'needs' | 'wants' | 'savings' | null; plannedCents: number; spentCents: number }[];
}

function settingsView(row: BudgetSettingsRow | undefined): BudgetSettings {
  return {
    period: row?.period ?? 'month',
    cadence: (row?.cadence ?? null) as PayCadenceView | null,
    rollover_categories: row?.rolloverCategories ?? [],
    rollover_from: row?.rolloverFrom ?? null,
    version: row?.version ?? 1,
  };
}

import { BUDGET_GROUPS } from '@helo/finance/budget';
import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { envelope, messageOnly } from './envelope.ts';
import { INT4_MAX, text, versionField } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

/**
 * The Budget Builder (decisions.md "Budget Builder", issue 13): one budget per user and month, its
 * net income and the planned amount of each category, summed into needs, wants and savings and held
 * against the 50/30/20 guideline. Amounts are dollars on the wire.
 */

export const MAX_BUDGET_CATEGORIES = 60;
export const CATEGORY_NAME_MAX = 60;
/** Ten years of months: the list is answered whole, so it stays bounded. */
export const MAX_BUDGETS = 120;

export { BUDGET_GROUPS };
export type BudgetGroup = (typeof BUDGET_GROUPS)[number];

/**
 * The categories of the decisions file, in its order, with the name the setup shows and the group
 * each one starts in (the user may move it). Debt payments are a need: the 50/30/20 guideline counts
 * the minimum payments of loans as needs (paying extra is saving); food is groceries, a need; 'other'
 * starts as a want because a need would usually have a category of its own.
 */
export const BUDGET_PRESETS = [
  { key: 'housing', name: 'Housing', group: 'needs' },
  { key: 'transport', name: 'Transport', group: 'needs' },
  { key: 'food', name: 'Food', group: 'needs' },
  { key: 'utilities', name: 'Utilities', group: 'needs' },
  { key: 'insurance', name: 'Insurance', group: 'needs' },
  { key: 'health', name: 'Health', group: 'needs' },
  { key: 'debt_payments', name: 'Debt payments', group: 'needs' },
  { key: 'savings', name: 'Savings', group: 'savings' },
  { key: 'personal', name: 'Personal', group: 'wants' },
  { key: 'entertainment', name: 'Entertainment', group: 'wants' },
  { key: 'other', name: 'Other', group: 'wants' },
] as const satisfies readonly { key: string; name: string; group: BudgetGroup }[];

export const BUDGET_PRESET_KEYS = BUDGET_PRESETS.map((p) => p.key) as [
  (typeof BUDGET_PRESETS)[number]['key'],
  ...(typeof BUDGET_PRESETS)[number]['key'][],
];
export type BudgetPresetKey = (typeof BUDGET_PRESET_KEYS)[number];

// The id PostgreSQL gives a budget or a category (gen_random_uuid), in its canonical form.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a string in the form of a budget's or a category's id. */
export const isBudgetId = (value: string) => UUID.test(value);

/** A month as 'YYYY-MM', from 1900-01 to 2199-12 (the bounds of every date the API takes). */
export const budgetMonth = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}$/, `${label} must be a month (YYYY-MM)`)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} is not a real month`)
    .regex(/^(19|20|21)\d\d-/, `${label} must be between 1900 and 2199`);

const budgetVersion = versionField();

/** A category as the form sends it. `preset` ties it to one of BUDGET_PRESETS; none for a custom one. */
const categoryFields = z.object({
  name: text('Category name')
    .trim()
    .min(1, 'Category name is required')
    .max(CATEGORY_NAME_MAX, `Category name can be at most ${CATEGORY_NAME_MAX} characters`),
  group: z.enum(BUDGET_GROUPS, { error: 'Group must be needs, wants or savings' }),
  planned: dollarAmount('Planned amount'),
  preset: z.enum(BUDGET_PRESET_KEYS, { error: 'Unknown preset category' }).nullish(),
});

/** On PUT a category the budget already has carries its id (kept); one without an id is new. */
const savedCategory = categoryFields.extend({
  id: text('Category id').regex(UUID, 'Category id is not a valid id').optional(),
});

const categoryList = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: (i) => (i.input === undefined ? 'categories is required' : 'categories must be a list') })
    .max(MAX_BUDGET_CATEGORIES, `A budget can have at most ${MAX_BUDGET_CATEGORIES} categories`);

type Listed = { name: string; preset?: string | null | undefined; id?: string | undefined };

/**
 * Names are unique per budget whatever their case (the table's unique index on lower(name)), each
 * preset is used once, and an id is listed once; the later row is the one named.
 */
function checkRows(categories: Listed[] | undefined, ctx: z.RefinementCtx): void {
  if (!categories) return;
  const seen = { name: new Map<string, number>(), preset: new Map<string, number>(), id: new Map<string, number>() };
  const once = (
    kind: keyof typeof seen,
    key: string | null | undefined,
    i: number,
    message: (row: number) => string,
  ) => {
    if (key === null || key === undefined) return;
    const first = seen[kind].get(key);
    if (first === undefined) seen[kind].set(key, i);
    else ctx.addIssue({ code: 'custom', path: ['categories', i, kind], message: message(first + 1) });
  };
  categories.forEach((c, i) => {
    // Refinements run after checks that do not abort (a name too long), never after a wrong type;
    // the guard keeps it that way should zod change.
    if (typeof c.name === 'string')
      once('name', c.name.toLowerCase(), i, (row) => `Category name is already used in row ${row}`);
    once('preset', c.preset, i, (row) => `This category is already in row ${row}`);
    once('id', c.id?.toLowerCase(), i, (row) => `This category is already in row ${row}`);
  });
}

/**
 * POST: a new month. With `copy_from` (another month of the user's) the new month starts as a copy
 * of that one: its income and its categories (new ids), and `net_income` or `categories` sent with
 * it replace the copied ones. Without `copy_from` both are required. A new month's categories are
 * all new: an `id` in them is ignored like any unknown member.
 */
export const createBudgetBody = z
  .object({
    month: budgetMonth('Month'),
    net_income: dollarAmount('Net monthly income').optional(),
    categories: categoryList(categoryFields).optional(),
    copy_from: budgetMonth('Copy from').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.copy_from === undefined) {
      if (body.net_income === undefined) {
        ctx.addIssue({ code: 'custom', path: ['net_income'], message: 'Net monthly income is required' });
      }
      if (body.categories === undefined) {
        ctx.addIssue({ code: 'custom', path: ['categories'], message: 'categories is required' });
      }
    } else if (body.copy_from === body.month) {
      ctx.addIssue({ code: 'custom', path: ['copy_from'], message: 'Copy from must be another month' });
    }
    checkRows(body.categories, ctx);
  });
export type CreateBudgetBody = z.input<typeof createBudgetBody>;

/**
 * PUT /{id}: the whole budget as the client edited it, from `version` (the one it read; a budget
 * changed since is a 409). Categories with an id keep it, new ones are created, missing ones are
 * deleted; the list's order is the saved order. The month never changes.
 */
export const updateBudgetBody = z
  .object({
    net_income: dollarAmount('Net monthly income'),
    categories: categoryList(savedCategory),
    version: budgetVersion,
  })
  .superRefine((body, ctx) => checkRows(body.categories, ctx));
export type UpdateBudgetBody = z.input<typeof updateBudgetBody>;

/** The budget named by the path: anything that is not one of the user's budgets is a 404. */
export const budgetParams = z.object({ id: text('Budget id').min(1, 'Budget id is required').max(64) });

/** DELETE /{id}?version=: without a version the budget is deleted whatever was written since. */
export const deleteBudgetQuery = z.object({
  version: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(INT4_MAX, 'Version is too large')
    .optional(),
});

const byGroup = () => z.object({ needs: dollars(), wants: dollars(), savings: dollars() });

/** `budgetSummary` of @helo/finance/budget, in dollars (shares in percent of the income). */
export const budgetSummary = z.object({
  planned: dollars(),
  by_group: byGroup(),
  /** Income − planned: negative for a shortfall. */
  surplus: dollars(),
  /** Each group's planned amount in percent of the income, two decimals; 0 without income. */
  share_of_income: z.object({ needs: z.number(), wants: z.number(), savings: z.number() }),
  /** 50 / 30 / 20 % of the income, adding up to it exactly. */
  guideline: byGroup(),
});

export const budgetCategory = z.object({
  id: z.string(),
  name: z.string(),
  group: z.enum(BUDGET_GROUPS),
  preset: z.enum(BUDGET_PRESET_KEYS).nullable(),
  planned: dollars(),
});
export type BudgetCategory = z.infer<typeof budgetCategory>;

export const budget = z.object({
  id: z.string(),
  month: z.string(),
  net_income: dollars(),
  categories: z.array(budgetCategory),
  summary: budgetSummary,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Budget = z.infer<typeof budget>;

/** Newest month first. */
export const budgetsResponse = envelope(z.array(budget));
export const budgetResponse = envelope(budget);
export const deleteBudgetResponse = messageOnly;

/** What the setup can fill in from the user's other data: the monthly payments of their loans. */
export const budgetPrefill = z.object({
  /** The sum of `monthly_payment_amount` over the user's loans (0 without loans). */
  debt_payments: dollars(),
  loan_count: z.number().int(),
});
export const budgetPrefillResponse = envelope(budgetPrefill);

// --- Budgets by pay period (issue 30 item 5; decisions.md "Budgets by pay period") ----------------

export const BUDGET_PERIODS = ['month', 'pay_period'] as const;
export type BudgetPeriodKind = (typeof BUDGET_PERIODS)[number];

const payDay = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a day of the month (${min} to ${max})` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/**
 * When the user is paid (`@helo/finance/pay-period`): every week or two weeks from a payday; twice a
 * month on two days (the first 1–27, the second after it: 29–31 fall on a shorter month's last day);
 * monthly on a day (1 is the calendar month) or the last day.
 */
export const payCadence = z.discriminatedUnion(
  'every',
  [
    z.object({ every: z.literal('week'), payday: calendarDay('Payday') }),
    z.object({ every: z.literal('two_weeks'), payday: calendarDay('Payday') }),
    z
      .object({
        every: z.literal('twice_month'),
        days: z.tuple([payDay('First payday', 1, 27), payDay('Second payday', 1, 31)], {
          error: 'Paydays must be two days of the month',
        }),
      })
      .refine((c) => c.days[0] < c.days[1], { path: ['days', 1], message: 'Second payday must be after the first' }),
    z.object({ every: z.literal('month'), day: z.union([payDay('Payday', 1, 31), z.literal('last')]) }),
  ],
  { error: 'How often you are paid must be week, two_weeks, twice_month or month' },
);
export type PayCadenceBody = z.input<typeof payCadence>;

/** A cadence as answered (plain fields: a response schema does no parsing). */
export const payCadenceView = z.discriminatedUnion('every', [
  z.object({ every: z.literal('week'), payday: z.string() }),
  z.object({ every: z.literal('two_weeks'), payday: z.string() }),
  z.object({ every: z.literal('twice_month'), days: z.tuple([z.number().int(), z.number().int()]) }),
  z.object({ every: z.literal('month'), day: z.union([z.number().int(), z.literal('last')]) }),
]);
export type PayCadenceView = z.infer<typeof payCadenceView>;

/**
 * PUT /v1/budgets/settings: budget by calendar month (the default) or by pay period with a cadence,
 * and the categories (by name, any case) whose left-over rolls into the next period. `version` is the
 * one read (1 before the first save).
 */
export const budgetSettingsBody = z
  .object({
    period: z.enum(BUDGET_PERIODS, { error: 'Budget period must be month or pay_period' }),
    cadence: payCadence.nullable().default(null),
    rollover_categories: z
      .array(
        text('Category name')
          .trim()
          .min(1, 'Category name is required')
          .max(CATEGORY_NAME_MAX, `Category name can be at most ${CATEGORY_NAME_MAX} characters`),
        { error: 'rollover_categories must be a list' },
      )
      .max(MAX_BUDGET_CATEGORIES, `At most ${MAX_BUDGET_CATEGORIES} categories can roll over`)
      .default([]),
    version: budgetVersion,
  })
  .superRefine((body, ctx) => {
    if (body.period === 'pay_period' && body.cadence === null) {
      ctx.addIssue({ code: 'custom', path: ['cadence'], message: 'Choose how often you are paid' });
    }
  });
export type BudgetSettingsBody = z.input<typeof budgetSettingsBody>;

export const budgetSettings = z.object({
  period: z.enum(BUDGET_PERIODS),
  /** The last cadence chosen (kept while budgeting by month, so switching back finds it). */
  cadence: payCadenceView.nullable(),
  rollover_categories: z.array(z.string()),
  /** The first day of the first period that rolls over: the period holding the day pay periods began. */
  rollover_from: z.string().nullable(),
  version: z.number().int(),
});
export type BudgetSettings = z.infer<typeof budgetSettings>;
export const budgetSettingsResponse = envelope(budgetSettings);

/** GET /v1/budgets/period?date=: the period holding `date` (today in New York without one). */
export const budgetPeriodQuery = z.object({ date: calendarDay('Date').optional() });

export const periodCategory = z.object({
  name: z.string(),
  /** The budget's group; null for a name the budget does not plan (Uncategorized, a dropped one). */
  group: z.enum(BUDGET_GROUPS).nullable(),
  /** This period's share of the month's plan. */
  planned: dollars(),
  /** What the periods before left (negative: overspent), when the category rolls over. */
  rolled_over: dollars(),
  spent: dollars(),
  /** planned + rolled_over − spent. */
  left: dollars(),
  rollover: z.boolean(),
});
export type PeriodCategory = z.infer<typeof periodCategory>;

export const budgetPeriod = z.object({
  period: z.enum(BUDGET_PERIODS),
  start: z.string(),
  end: z.string(),
  /** A day of the period before and after, for ?date= (their first days). */
  previous_start: z.string(),
  next_start: z.string(),
  /** The month whose budget plans this period (the month of its first day, or the latest before); null: none. */
  budget_month: z.string().nullable(),
  categories: z.array(periodCategory),
  totals: z.object({ planned: dollars(), rolled_over: dollars(), spent: dollars(), left: dollars() }),
});
export type BudgetPeriod = z.infer<typeof budgetPeriod>;
export const budgetPeriodResponse = envelope(budgetPeriod);

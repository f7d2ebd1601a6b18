import type { Cadence, RecurringBody, RecurringSeries } from '@helo/contract/recurring';
import { RECURRING_NAME_MAX } from '@helo/contract/recurring';
import { z } from 'zod';

/** The series form as typed (strings), turned into the API's body by `seriesBodyOf`. */
export const seriesForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(RECURRING_NAME_MAX),
  kind: z.enum(['income', 'bill', 'subscription', 'transfer']),
  every: z.enum(['week', 'two_weeks', 'twice_month', 'month', 'year']),
  day: z.string(),
  second_day: z.string(),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Amount must be a number of dollars, like 17.99'),
  amount_varies: z.boolean(),
  account_id: z.string().min(1, 'Choose an account'),
  to_account_id: z.string(),
  category: z.string(),
  start_date: z.string().min(1, 'Start date is required'),
  end_date: z.string(),
  through_nest: z.boolean(),
  record_for_me: z.boolean(),
});
export type SeriesValues = z.input<typeof seriesForm>;

const dayOf = (text: string): number | 'last' => (text === 'last' ? 'last' : Number(text));

export function cadenceOf(v: Pick<SeriesValues, 'every' | 'day' | 'second_day'>): Cadence {
  switch (v.every) {
    case 'month':
      return { every: 'month', day: dayOf(v.day) };
    case 'twice_month':
      return { every: 'twice_month', days: [Number(v.day), Number(v.second_day)] };
    default:
      return { every: v.every };
  }
}

export function seriesBodyOf(v: z.output<typeof seriesForm>): RecurringBody {
  const isIncome = v.kind === 'income';
  return {
    name: v.name,
    kind: v.kind,
    cadence: cadenceOf(v),
    amount: Number(v.amount),
    amount_varies: v.amount_varies,
    account_id: v.account_id,
    to_account_id: v.kind === 'transfer' && v.to_account_id ? v.to_account_id : null,
    category: isIncome || v.kind === 'transfer' || v.category.trim() === '' ? null : v.category.trim(),
    start_date: v.start_date,
    end_date: v.end_date === '' ? null : v.end_date,
    through_nest: isIncome && v.through_nest,
    record_for_me: isIncome && v.through_nest && v.record_for_me,
  };
}

export function valuesOf(s: RecurringSeries | null, today: string, accountId: string): SeriesValues {
  const c = s?.cadence;
  return {
    name: s?.name ?? '',
    kind: s?.kind ?? 'bill',
    every: c?.every ?? 'month',
    day: c?.every === 'month' ? String(c.day) : c?.every === 'twice_month' ? String(c.days[0]) : '1',
    second_day: c?.every === 'twice_month' ? String(c.days[1]) : '15',
    amount: s ? s.amount.toFixed(2) : '',
    amount_varies: s?.amount_varies ?? false,
    account_id: s?.account_id ?? accountId,
    to_account_id: s?.to_account_id ?? '',
    category: s?.category ?? '',
    start_date: s?.start_date ?? today,
    end_date: s?.end_date ?? '',
    through_nest: s?.through_nest ?? false,
    record_for_me: s?.record_for_me ?? false,
  };
}

/** A server error's path in the form: the cadence's days are its day fields. */
export function serverPathOf(path: string): keyof SeriesValues | undefined {
  if (path === 'cadence.day' || path === 'cadence.days.0' || path === 'cadence.days') return 'day';
  if (path === 'cadence.days.1') return 'second_day';
  if (path.startsWith('cadence')) return 'every';
  const top = path.split('.')[0] as keyof SeriesValues;
  return top in seriesForm.shape ? top : undefined;
}

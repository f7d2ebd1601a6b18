import type { BudgetSettings, PayCadenceBody } from '@helo/contract/budgets';
import { z } from 'zod';
import { browserDay } from '../../lib/calendar.ts';

/** The form's fields as the controls hold them (strings); the wire's cadence is put together on save. */
export const settingsForm = z.object({
  period: z.enum(['month', 'pay_period']),
  every: z.enum(['week', 'two_weeks', 'twice_month', 'month']),
  payday: z.string(),
  first: z.string(),
  second: z.string(),
  day: z.string(),
});
export type SettingsValues = z.infer<typeof settingsForm>;

export function valuesOf(settings: BudgetSettings): SettingsValues {
  const c = settings.cadence;
  return {
    period: settings.period,
    every: c?.every ?? 'two_weeks',
    payday: c && (c.every === 'week' || c.every === 'two_weeks') ? c.payday : browserDay(),
    first: c?.every === 'twice_month' ? String(c.days[0]) : '1',
    second: c?.every === 'twice_month' ? String(c.days[1]) : '15',
    day: c?.every === 'month' ? String(c.day) : '1',
  };
}

export function cadenceOf(v: SettingsValues): PayCadenceBody {
  switch (v.every) {
    case 'week':
    case 'two_weeks':
      return { every: v.every, payday: v.payday };
    case 'twice_month':
      return { every: 'twice_month', days: [Number(v.first), Number(v.second)] };
    case 'month':
      return { every: 'month', day: v.day === 'last' ? 'last' : Number(v.day) };
  }
}

/** The server's path of a refused field, as this form's field. */
export const fieldOf = (path: string): keyof SettingsValues | undefined =>
  (
    ({
      period: 'period',
      cadence: 'every',
      'cadence.every': 'every',
      'cadence.payday': 'payday',
      'cadence.days.0': 'first',
      'cadence.days.1': 'second',
      'cadence.day': 'day',
    }) as Record<string, keyof SettingsValues>
  )[path];

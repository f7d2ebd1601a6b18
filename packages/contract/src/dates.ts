import { isCalendarDay } from '@helo/finance/calendar';
import { z } from 'zod';

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A day without time, answered as 'YYYY-MM-DD'. The spec's date input passes a chosen date on as a
 * full ISO timestamp, so a timestamp is accepted too and its day is kept as written (never shifted
 * by a time zone: the user picked that day).
 */
export function calendarDay(label: string) {
  return (
    z
      .string({
        error: (i) => (i.input === undefined || i.input === null ? `${label} is required` : `${label} must be a date`),
      })
      .trim()
      .min(1, `${label} is required`)
      .max(40, `${label} must be a date (YYYY-MM-DD)`)
      .superRefine((value, ctx) => {
        const m = DAY.exec(value);
        if (!m) return void ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
        const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
        if (!isCalendarDay(year, month, day)) {
          return void ctx.addIssue({ code: 'custom', message: `${label} is not a real date` });
        }
        if (year < 1900 || year > 2199)
          ctx.addIssue({ code: 'custom', message: `${label} must be between 1900 and 2199` });
      })
      .transform((value) => value.slice(0, 10))
      // The OpenAPI document tells clients (and the fuzzer) that this is a day.
      .meta({ format: 'date' })
  );
}

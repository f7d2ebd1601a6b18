/** Rules of the date picker (spec §5, §9), free of React and the DOM so they are tested directly. */
export const DATE_FORMAT = 'MM/dd/yyyy';
export const DATE_TIME_FORMAT = 'MM/dd/yyyy h:mm aa';
export const FIRST_YEAR = 1900;
export const YEARS_AFTER_CURRENT = 9;
export const YEARS_PER_PAGE = 12;
export const DEFAULT_TIME_INTERVAL_MINUTES = 30;
/** 0 is Sunday, as in Date#getDay. */
export const WEEK_START_DAY = 0;
export const INVALID_DATE_MESSAGE = 'Date input not valid.';

export function lastYear(now: Date = new Date()): number {
  return now.getFullYear() + YEARS_AFTER_CURRENT;
}

/** The years offered in the calendar's year list: 1900 up to the current year plus 9, oldest first. */
export function yearOptions(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = FIRST_YEAR; year <= lastYear(now); year += 1) years.push(year);
  return years;
}

/** The first and last moments that can be picked, matching the year list. */
export function dateBounds(now: Date = new Date()): { minDate: Date; maxDate: Date } {
  return {
    minDate: new Date(FIRST_YEAR, 0, 1),
    maxDate: new Date(lastYear(now), 11, 31, 23, 59, 59, 999),
  };
}

export type TypedDate = { kind: 'empty' } | { kind: 'valid'; date: Date } | { kind: 'invalid' };

export type ParseTypedDateOptions = {
  /** Accept a time after the date ('03/01/2026 2:30 PM'), as the picker shows when it has a time list. */
  withTime?: boolean;
  now?: Date;
};

const DATE_ONLY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DATE_AND_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})\s*([ap])m)?$/i;

/**
 * Reads what a person typed as MM/dd/yyyy (one-digit month and day accepted, the year always in full).
 * It is invalid when it is not that shape, is not a real day (02/30/2026), or falls outside the year
 * list. Empty text is its own result: it clears the field rather than being an error.
 */
export function parseTypedDate(text: string, options: ParseTypedDateOptions = {}): TypedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };

  const match = (options.withTime ? DATE_AND_TIME : DATE_ONLY).exec(trimmed);
  if (!match) return { kind: 'invalid' };
  const [, monthText, dayText, yearText, hourText, minuteText, meridiem] = match;
  const month = Number(monthText);
  const day = Number(dayText);
  const year = Number(yearText);
  if (year < FIRST_YEAR || year > lastYear(options.now)) return { kind: 'invalid' };

  let hours = 0;
  let minutes = 0;
  if (hourText !== undefined && minuteText !== undefined && meridiem !== undefined) {
    const hour12 = Number(hourText);
    minutes = Number(minuteText);
    if (hour12 < 1 || hour12 > 12 || minutes > 59) return { kind: 'invalid' };
    hours = (hour12 % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }

  const date = new Date(year, month - 1, day, hours, minutes);
  // The Date constructor rolls impossible days over (Feb 30 → Mar 2); a real day reads back unchanged.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return { kind: 'invalid' };
  }
  return { kind: 'valid', date };
}

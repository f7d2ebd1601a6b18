import { isCalendarDay } from '@helo/finance/calendar';
import { invalidField } from './http-error.ts';
import { isUuid } from './uuid.ts';

/** Where a page of entries ends: the last row's date, time recorded and id (the list's order). */
export interface EntryCursor {
  date: string;
  createdAt: Date;
  id: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Opaque to clients (base64url, like the notifications' cursor): the last entry's date, the time it
 * was recorded and its id, the list's whole order, so a page never repeats or skips an entry when
 * one is added or deleted while someone scrolls. Every list ordered that way uses it (the fund's, a
 * goal's, My Wallet's).
 */
export const encodeEntryCursor = (e: EntryCursor): string =>
  Buffer.from(`${e.date}|${e.createdAt.toISOString()}|${e.id}`).toString('base64url');

/** The cursor's parts, or a 400 naming `cursor` for anything this server did not hand out. */
export function decodeEntryCursor(cursor: string): EntryCursor {
  const [date = '', time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time);
  const day = DAY.exec(date);
  // Only what encodeEntryCursor writes: a real day of the entries' range and an instant exactly as
  // toISOString prints it (so year 0 or a six-digit year never reaches PostgreSQL's parser).
  const valid =
    rest.length === 0 &&
    day !== null &&
    Number(day[1]) >= 1900 &&
    Number(day[1]) <= 2199 &&
    isCalendarDay(Number(day[1]), Number(day[2]), Number(day[3])) &&
    INSTANT.test(time) &&
    !Number.isNaN(createdAt.getTime()) &&
    createdAt.toISOString() === time &&
    createdAt.getUTCFullYear() >= 1970 &&
    isUuid(id);
  if (!valid) throw invalidField('cursor', 'Cursor is not valid');
  return { date, createdAt, id };
}

/** Where a page of lines ends: the journal's date and time recorded, and the line's (posting's) id. */
export interface LineCursor {
  date: string;
  createdAt: Date;
  postingId: number;
}

/** The Money Nest's list is of lines (a deposit's shares), so its cursor ends on a line's id. */
export const encodeLineCursor = (e: LineCursor): string =>
  Buffer.from(`${e.date}|${e.createdAt.toISOString()}|${e.postingId}`).toString('base64url');

/** The line cursor's parts, or a 400 naming `cursor` for anything this server did not hand out. */
export function decodeLineCursor(cursor: string): LineCursor {
  const [date = '', time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const postingId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : Number.NaN;
  if (rest.length > 0 || !Number.isSafeInteger(postingId)) throw invalidField('cursor', 'Cursor is not valid');
  // The date and the instant are checked as the entries' cursor checks them (a uuid stands in for the id).
  const { createdAt } = decodeEntryCursor(
    Buffer.from(`${date}|${time}|00000000-0000-4000-8000-000000000000`).toString('base64url'),
  );
  return { date, createdAt, postingId };
}

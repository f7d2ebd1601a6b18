import type { EmergencyFundEntryRow } from '@helo/db/schema';
import { isCalendarDay } from '@helo/finance/calendar';
import { invalidField } from '../../lib/http-error.ts';
import type { EntryCursor } from './emergency-fund.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Opaque to clients (base64url, like the notifications' cursor): the last entry's date, the time it
 * was recorded and its id, the list's whole order, so a page never repeats or skips an entry when
 * one is added or deleted while someone scrolls. Any ledger ordered that way uses it (the lifestyle
 * goals' too).
 */
export const encodeEntryCursor = (e: Pick<EmergencyFundEntryRow, 'date' | 'createdAt' | 'id'>): string =>
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
    UUID.test(id);
  if (!valid) throw invalidField('cursor', 'Cursor is not valid');
  return { date, createdAt, id };
}

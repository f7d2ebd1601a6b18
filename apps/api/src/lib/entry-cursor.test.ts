import { describe, expect, it } from 'vitest';
import { decodeEntryCursor, decodeLineCursor, encodeEntryCursor, encodeLineCursor } from './entry-cursor.ts';
import { HttpError } from './http-error.ts';

const entry = {
  id: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
  date: '2026-11-02',
  createdAt: new Date('2026-11-21T12:00:00.123Z'),
};

describe('entry cursor', () => {
  it('gives back the date, the time recorded and the id it was made from', () => {
    expect(decodeEntryCursor(encodeEntryCursor(entry))).toEqual({
      date: '2026-11-02',
      createdAt: new Date('2026-11-21T12:00:00.123Z'),
      id: entry.id,
    });
  });

  it.each([
    '',
    '!!!',
    Buffer.from(`2026-11-02|2026-11-21T12:00:00.123Z|${entry.id}|extra`).toString('base64url'),
    Buffer.from(`2026-11-02|2026-11-21T12:00:00Z|${entry.id}`).toString('base64url'),
    Buffer.from(`1899-12-31|2026-11-21T12:00:00.123Z|${entry.id}`).toString('base64url'),
    Buffer.from(`2026-11-02|1969-12-31T23:59:59.999Z|${entry.id}`).toString('base64url'),
  ])('refuses %j with a 400 naming cursor', (cursor) => {
    try {
      decodeEntryCursor(cursor);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).errors).toEqual([{ path: 'cursor', message: 'Cursor is not valid' }]);
    }
  });
});

describe('line cursor', () => {
  it('gives back the date, the time recorded and the line it was made from; refuses anything else with a 400', () => {
    const cursor = { date: '2026-11-02', createdAt: new Date('2026-11-21T12:00:00.123Z'), postingId: 42 };
    expect(decodeLineCursor(encodeLineCursor(cursor))).toEqual(cursor);
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      'nonsense',
      forged('2026-11-02|2026-11-21T12:00:00.123Z|0'),
      forged('2026-11-02|2026-11-21T12:00:00.123Z|4x'),
      forged('2026-11-02|2026-11-21T12:00:00.123Z|99999999999999999'),
      forged('2026-02-30|2026-11-21T12:00:00.123Z|1'),
      forged('2026-11-02|2026-11-21T12:00:00.123Z|1|2'),
    ]) {
      expect(() => decodeLineCursor(bad)).toThrow(HttpError);
    }
  });
});

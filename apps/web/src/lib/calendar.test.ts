import { dayOf, PRODUCT_ZONE } from '@helo/finance/calendar';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { browserDay, browserMonth, browserZone } from './calendar.ts';

const realZone = process.env.TZ;
afterEach(() => {
  if (realZone === undefined) delete process.env.TZ;
  else process.env.TZ = realZone;
});

/** The browser as if it were set to `zone`: Node takes a new TZ at once, for Date and Intl alike. */
function browserIn(zone: string) {
  process.env.TZ = zone;
  expect(browserZone()).toBe(zone);
}

describe("the browser's calendar", () => {
  it("is the day and month the person's own clock shows", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2199, 11, 31), noInvalidDate: true }), (at) => {
        const local = dayOf(at.getFullYear(), at.getMonth() + 1, at.getDate());
        expect(browserDay(at)).toBe(local);
        expect(browserMonth(at)).toBe(local.slice(0, 7));
      }),
    );
    expect(browserZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("takes this month from the browser's zone, not New York's (docs/decisions.md)", () => {
    // 23:30 UTC on 30 November: already December in Berlin, still November in New York.
    const at = new Date('2026-11-30T23:30:00Z');
    browserIn('Europe/Berlin');
    expect(browserMonth(at)).toBe('2026-12');
    expect(browserDay(at)).toBe('2026-12-01');
    browserIn(PRODUCT_ZONE);
    expect(browserMonth(at)).toBe('2026-11');
    browserIn('Pacific/Honolulu');
    // 9:59 am UTC on 22 November is 11:59 pm on the 21st in Hawaii.
    expect(browserDay(new Date('2026-11-22T09:59:00Z'))).toBe('2026-11-21');
  });
});

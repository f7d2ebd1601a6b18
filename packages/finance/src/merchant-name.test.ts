import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLEANUP_RULES, KNOWN_MERCHANTS, merchantName, titleCase } from './merchant-name.ts';

// Descriptions as US banks, card networks and processors print them (numbers made up), and the name
// a person would write down.
const CASES: readonly (readonly [description: string, name: string])[] = [
  // The issue's own example, and the same purchase as other banks print it.
  ['TRADER JOE S #552 SAN FRANCISCO CA', "Trader Joe's"],
  ['PURCHASE AUTHORIZED ON 11/03 TRADER JOE S #552 SAN FRANCISCO CA S586307843214127 CARD 1234', "Trader Joe's"],
  ['CARD PURCHASE 11/03 TRADER JOE S #552 SAN FRANCISCO CA CARD 1234', "Trader Joe's"],
  ['DEBIT CARD PURCHASE XXXXX1234 TRADER JOE S #552 SAN FRANCISCO CA', "Trader Joe's"],
  ['RECURRING CARD PURCHASE 11/03 SPOTIFY USA 877-778-1161 NY CARD 1234', 'Spotify'],
  ['CHECKCARD 1103 STARBUCKS STORE 12345 SEATTLE WA 24492153307176543210987', 'Starbucks'],
  ['POS DEBIT STARBUCKS STORE 12345 SEATTLE WA', 'Starbucks'],
  ['POS PURCHASE SAFEWAY #1234 OAKLAND CA', 'Safeway'],
  ['VISA DDA PUR 412345 WHOLEFDS MKT 10234 OAKLAND * CA', 'Whole Foods'],
  ['WHOLE FOODS MARKET #10234 BERKELEY CA', 'Whole Foods'],
  // Square, Toast, PayPal, Shopify and friends put their tag first.
  ['SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Blue Bottle Coffee'],
  ['SQ * BLUE BOTTLE COFFEE Oakland CA', 'Blue Bottle Coffee'],
  ['TST* THE MILL SAN FRANCISCO CA', 'The Mill'],
  ['TST*NOPALITO - 9TH AVE SAN FRANCISCO CA', 'Nopalito 9th Ave'],
  ['PAYPAL *NETFLIX.COM 402-935-7733 CA', 'Netflix'],
  ['PAYPAL *EBAY INC 402-935-7733 CA', 'Ebay'],
  ['PP*ETSY 718-855-7955 NY', 'Etsy'],
  ['SP * ALLBIRDS SAN FRANCISCO CA', 'Allbirds'],
  ['APLPAY CHIPOTLE 1234 NEW YORK NY', 'Chipotle'],
  ['GOOGLE *YOUTUBE PREMIUM G.CO/HELPPAY# CA', 'Youtube Premium'],
  ['GOOGLE *Google Storage g.co/helppay# CA', 'Google'],
  ['DD *DOORDASH CHIPOTLE 855-973-1040 CA', 'DoorDash'],
  ['PAYPAL INST XFER 1034567890 WEB ID: PAYPALSI77', 'PayPal'],
  // Amazon, Apple and ride-hailing, with order codes after a star and billing web addresses.
  ['AMZN Mktp US*2K4AB12C3 Amzn.com/bill WA', 'Amazon'],
  ['AMAZON.COM*MK1AB23CD AMZN.COM/BILL WA', 'Amazon'],
  ['Amazon Prime*AB12C Amzn.com/bill WA', 'Amazon'],
  ['APL* ITUNES.COM/BILL 866-712-7753 CA', 'Apple'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'Apple'],
  ['UBER *TRIP HELP.UBER.COM CA', 'Uber'],
  ['UBER EATS HELP.UBER.COM CA', 'Uber Eats'],
  ['LYFT *RIDE WED 4PM', 'Lyft'],
  ['NETFLIX.COM LOS GATOS CA', 'Netflix'],
  // Chains, with store numbers and city and state tails.
  ["MCDONALD'S F12345 CHICAGO IL", "McDonald's"],
  ['MCDONALD S F12345 CHICAGO IL', "McDonald's"],
  ['WAL-MART #1234 BENTONVILLE AR', 'Walmart'],
  ['WM SUPERCENTER #5678 ROGERS AR', 'Walmart'],
  ['TARGET T-1234 OAKLAND CA', 'Target'],
  ['COSTCO WHSE #0123 SAN JOSE CA', 'Costco'],
  ['SHELL OIL 57444024002 HOUSTON TX', 'Shell'],
  ['CHEVRON 0203456 OAKLAND CA', 'Chevron'],
  ['7-ELEVEN 35436 LAS VEGAS NV', '7-Eleven'],
  ['WALGREENS #1234 CHICAGO IL', 'Walgreens'],
  ['CVS/PHARMACY #01234 BOSTON MA', 'CVS'],
  ['THE HOME DEPOT #1234 ATLANTA GA', 'Home Depot'],
  ['BP#1234567 DALLAS TX', 'BP'],
  ['KFC J123456 LOUISVILLE KY', 'KFC'],
  ['H&M 0123 SAN FRANCISCO CA', 'H&M'],
  ['IN-N-OUT BURGER #123 IRVINE CA', 'In-N-Out Burger'],
  ["O'REILLY AUTO PARTS #1234 AUSTIN TX", "O'Reilly Auto Parts"],
  ['DENNY S #7890 RENO NV', "Denny's"],
  ['DUNKIN #350123 BOSTON MA', 'Dunkin'],
  ['JOE S PIZZA NEW YORK NY', "Joe's Pizza"],
  ['24 HOUR FITNESS USA 800-432-6348 CA', '24 Hour Fitness'],
  ['CITY OF OAKLAND PARKING OAKLAND CA', 'City of Oakland Parking'],
  ['YMCA OF SAN FRANCISCO', 'YMCA of San Francisco'],
  // Utilities and bills paid by autopay.
  ['COMCAST CALIFORNIA 800-266-2278 CA', 'Comcast'],
  ['VERIZON WIRELESS PAYMENTS PPD ID: 1223344556', 'Verizon Wireless'],
  ['AT&T *PAYMENT 800-331-0500 TX', 'AT&T'],
  ['PG&E WEB ONLINE NOV 26 12345678901', 'PG&E'],
  ['CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224', 'Chase Credit CRD'],
  ['ACH DEBIT GEICO AUTO 1234567890', 'Geico Auto'],
  // Payroll and other ACH layouts.
  ['ACME CORP PAYROLL PPD ID: 123', 'Acme Corp Payroll'],
  ['ACME CORP DES:PAYROLL ID:XXXXX12345 INDN:SMITH,JOHN CO ID:1234567890 PPD', 'Acme Corp'],
  [
    'ORIG CO NAME:ACME CORP ORIG ID:1234567890 DESC DATE:110326 CO ENTRY DESCR:PAYROLL SEC:PPD TRACE#:021000021234567 EED:261103 IND ID:00123 IND NAME:JOHN SMITH TRN: 3071234567TC',
    'Acme Corp',
  ],
  ['ACME CORP DIR DEP 1234567', 'Acme Corp'],
  // Person-to-person transfers keep the person.
  ['ZELLE TO JOHN SMITH', 'Zelle to John Smith'],
  ['ZELLE PAYMENT TO JOHN SMITH CONF# ABC123XYZ', 'Zelle to John Smith'],
  ['Zelle Transfer from Jane Doe on 11/03 Ref # BAC0abc123', 'Zelle from Jane Doe'],
  ['VENMO PAYMENT 1023456789 WEB ID: 3264681992', 'Venmo'],
  ['VENMO *JOHN SMITH', 'Venmo'],
  // Cash, and a German card payment ('card payment REWE says thanks').
  ['ATM WITHDRAWAL 1234 MAIN ST SAN FRANCISCO CA', 'ATM Withdrawal'],
  ['KARTENZAHLUNG REWE SAGT DANKE 123', 'Rewe'],
  ['KARTENZAHLUNG 27.11.2026 LIDL SAGT DANKE', 'Lidl'],
  // Already clean, in any case: left as it is, bar the casing.
  ["Trader Joe's", "Trader Joe's"],
  ['blue bottle coffee', 'Blue Bottle Coffee'],
  ['Bank of America', 'Bank of America'],
  // Nothing but noise: the description itself comes back, rather than nothing.
  ['POS', 'POS'],
  ['#552', '#552'],
  ['  SQ *   ', 'SQ *'],
];

describe('merchantName', () => {
  it.each(CASES)('%s → %s', (description, name) => {
    expect(merchantName(description)).toBe(name);
  });

  it('has a table of at least 60 descriptions', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it('maps every well-known name to itself', () => {
    for (const [, name] of KNOWN_MERCHANTS) expect(merchantName(name)).toBe(name);
  });

  it('names its rules, in order', () => {
    expect(CLEANUP_RULES.map((r) => r.name)).toEqual([
      'ach-company-name',
      'channel-prefix',
      'dates',
      'card-suffix',
      'phone-number',
      'reference-tail',
      'processor-prefix',
      'star-suffix',
      'web-domain',
      'punctuation',
      'store-location',
      'store-number',
      'reference-number',
      'apostrophe-s',
      'zelle',
      'payment-words',
      'city-state',
    ]);
  });

  it('cases words: initials stay, small words lower inside, Mc and apostrophes', () => {
    expect(titleCase('THE BANK OF THE WEST')).toBe('The Bank of the West');
    expect(titleCase("MCDONALD'S")).toBe("McDonald's");
    expect(titleCase("O'NEILL DON'T")).toBe("O'Neill Don't");
    expect(titleCase('BP CVS AT&T ATM')).toBe('BP CVS AT&T ATM');
    expect(titleCase('1ST 3M 7-ELEVEN J.CREW')).toBe('1st 3M 7-Eleven J.Crew');
  });

  // Mostly bank-like text: words, numbers, and the characters banks use, so the rules get exercised.
  const bankish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          'SQ',
          '*',
          'TST*',
          'PAYPAL',
          '#552',
          'CA',
          'NY',
          'SAN',
          'STORE',
          '11/03',
          'CARD',
          '1234',
          'XXXX1234',
          'AMZN.COM/BILL',
          'JOE',
          'S',
          'ID:',
          'PPD',
          'ZELLE',
          'TO',
          'PAYMENT',
          'MCDONALD',
          "'",
          'AMAZON',
          '7-11',
          'ß',
          'İ',
          'K',
          '',
        ),
        fc.string({ maxLength: 8 }),
        fc.string({ unit: 'binary', maxLength: 4 }),
      ),
      { maxLength: 12 },
    )
    .map((words) => words.join(' '));
  const anyText = fc.oneof(bankish, fc.string(), fc.string({ unit: 'binary' }));

  it('never throws, never grows, and is empty only for a blank description', () => {
    fc.assert(
      fc.property(anyText, (description) => {
        const name = merchantName(description);
        expect(name.length).toBeLessThanOrEqual(description.length);
        expect(name === '').toBe(description.trim() === '');
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (description) => {
        const name = merchantName(description);
        expect(merchantName(name)).toBe(name);
      }),
      { numRuns: 3000 },
    );
    for (const [description] of CASES) {
      const name = merchantName(description);
      expect(merchantName(name)).toBe(name);
    }
  });
});

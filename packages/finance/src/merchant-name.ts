/**
 * A payee people recognise from a bank's description (issue 29 item 3): 'TRADER JOE S #552 SAN
 * FRANCISCO CA' reads 'Trader Joe's'. The original description is the caller's to keep; this only
 * derives the display name.
 *
 * How: the description is upper-cased and run through CLEANUP_RULES, in order, again and again until
 * nothing changes (one rule often uncovers work for an earlier one: a date removed leaves a `SQ *`
 * at the start). Then a short table of well-known names, else Title Case.
 *
 * Promises, checked by properties in the tests: the result is never longer than the description (so
 * it fits wherever the description did), never empty unless the description is blank (if every
 * word would come off, the description itself is returned, spaces collapsed), never throws, and is
 * idempotent: a name already cleaned is left alone, so cleaning twice (on import, then on a rule's
 * rename) cannot drift.
 *
 * Known trade-off: a US state at the end is taken as 'city state', so the word before it goes too
 * ('ACME TRADING CO' would read 'Acme', CO being Colorado). Banks always put a city before the state,
 * so this costs less than leaving cities in every name.
 */

/** The 50 states and DC, as card networks print them at the end of a description. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ' +
    'ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' '),
);

/** First words of two-word city names ('SAN FRANCISCO', 'NEW YORK'), so the whole city comes off. */
const CITY_FIRST_WORDS = new Set(
  'SAN SANTA LOS LAS NEW ST SAINT FT FORT EL LA PALO SALT NORTH SOUTH EAST WEST PORT MT MOUNT BATON CORPUS GRAND'.split(
    ' ',
  ),
);

/** A store number, then one to five words of city, then a state, at the end. */
const STORE_LOCATION = new RegExp(
  ` (?:#\\s?\\d+|STORE #?\\s?\\d+|\\d{3,})(?: [A-Z]+){1,5} (?:${[...US_STATES].join('|')})$`,
);

export interface CleanupRule {
  name: string;
  apply: (s: string) => string;
}

/** Removes tokens that are only punctuation ('-', '*', '#'), left behind by the rules or the bank. */
function dropPunctuationTokens(s: string): string {
  return s
    .split(' ')
    .filter((t) => !/^[-*#/.,:;|_~+]+$/.test(t))
    .join(' ');
}

/** A token that is a number or reference, not a word: '00123', '1103', 'S586307843214127', 'T-1234'. */
const REFERENCE_TOKEN = /^[A-Z]{0,2}-?\d{3,}[A-Z0-9]*$/;

/** A web address token: 'AMZN.COM/BILL', 'HELP.UBER.COM', 'WWW.NETFLIX.COM'. Group 1 is the site's name. */
const DOMAIN_TOKEN = /^(?:[A-Z0-9-]+\.)*([A-Z0-9-]+)\.(?:COM|NET|ORG|IO|CO|US|TV|APP)(?:[/#?]\S*)?$/;

/**
 * The ordered clean-up. Each rule works on an upper-cased, single-spaced description and only ever
 * removes text (two swap one character for another), which is what keeps the result no longer than
 * the input.
 */
export const CLEANUP_RULES: readonly CleanupRule[] = [
  {
    // Chase's ACH layout names the company between labels; everything else in it is bookkeeping.
    name: 'ach-company-name',
    apply: (s) => s.replace(/^ORIG CO NAME: ?(.+?)(?: ORIG ID:| DESC DATE:| CO ENTRY DESCR:| SEC:).*$/, '$1'),
  },
  {
    // How the money moved (card, PIN, ACH), not who was paid.
    name: 'channel-prefix',
    apply: (s) =>
      s.replace(
        /^(?:(?:POS (?:PURCHASE|DEBIT|WITHDRAWAL)|POS|DEBIT CARD PURCHASE|RECURRING (?:DEBIT )?CARD PURCHASE|CARD PURCHASE(?: WITH PIN)?|PURCHASE AUTHORIZED ON|PURCHASE|CHECKCARD|CHECK CARD|VISA DDA PUR|DDA PURCHASE|DEBIT PURCHASE|DBT PURCHASE|ACH (?:DEBIT|CREDIT|WITHDRAWAL|DEPOSIT|PMT)|ACH|ELECTRONIC (?:WITHDRAWAL|DEPOSIT|PAYMENT)|PREAUTHORIZED DEBIT|KARTENZAHLUNG|SEPA-LASTSCHRIFT|LASTSCHRIFT|EC-KARTE)(?: |$))+/,
        '',
      ),
  },
  {
    // Dates are the posting's, not the payee's: '11/03', 'ON 11/03/26', German '27.11.2026', 'NOV 26'.
    name: 'dates',
    apply: (s) =>
      s
        .replace(/(?:^| )(?:ON )?\d{1,2}\/\d{1,2}(?:\/\d{2,4})?(?= |$)/g, '')
        .replace(/(?:^| )\d{1,2}\.\d{1,2}\.(?:\d{2,4})?(?= |$)/g, '')
        .replace(/(?:^| )(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) \d{1,2}(?= |$)/g, ''),
  },
  {
    // The card used, which differs between the user's cards for one payee: 'CARD 1234', 'XXXX1234', '*1234'.
    name: 'card-suffix',
    apply: (s) =>
      s
        .replace(/(?:^| )CARD(?: ENDING(?: IN)?| NO\.?| #)? ?[X*]*\d{4}(?= |$)/g, '')
        .replace(/(?:^| )X{2,}\d{2,6}(?= |$)/g, '')
        .replace(/ ?\*+\d{4}(?= |$)/g, ''),
  },
  {
    // A customer-service phone number, often where the city would be: '800-266-2278', '(888) 555-1212'.
    name: 'phone-number',
    apply: (s) => s.replace(/(?:^| )(?:1[-. ]?)?\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}(?= |$)/g, ''),
  },
  {
    // ACH and transfer bookkeeping runs to the end once a label starts it: 'PPD ID: 123', 'REF #ABC', 'DES:'.
    name: 'reference-tail',
    apply: (s) =>
      s
        .replace(/ (?:(?:PPD|CCD|WEB|TEL|CO|IND|ORIG) )?ID:.*$/, '')
        .replace(/ (?:DES|INDN|TRACE|TRN|REF|CONF|CONFIRMATION|SEC|EED) ?(?:#|:|NO\.?).*$/, ''),
  },
  {
    // Payment processors put their own tag before the merchant: Square, Toast, PayPal, Shopify, Apple Pay…
    name: 'processor-prefix',
    apply: (s) =>
      s
        .replace(/^(?:(?:SQ|TST|PAYPAL|PP|SP|SPO|GOOGLE|GGL|IN|EB|WPY|BT|CLR|PY|IC|FS|DD) ?\* ?)+/, '')
        .replace(/^(?:(?:APL ?\* ?PAY|APLPAY|APPLE PAY) )+/, ''),
  },
  {
    // After the processor's tag is gone, a star separates the merchant from an order or trip code:
    // 'UBER *TRIP', 'AMZN MKTP US*2K4AB12C3'. A star with nothing before it is just dropped.
    name: 'star-suffix',
    apply: (s) => {
      const rest = s.replace(/^[* ]+/, '');
      const i = rest.indexOf('*');
      return i < 0 ? rest : rest.slice(0, i).trim();
    },
  },
  {
    // A web address first is the merchant ('NETFLIX.COM' → 'NETFLIX'); anywhere later it is a
    // billing tail ('AMAZON PRIME AMZN.COM/BILL WA') and everything from it comes off.
    name: 'web-domain',
    apply: (s) => {
      const tokens = s.split(' ');
      const at = tokens.findIndex((t) => DOMAIN_TOKEN.test(t));
      if (at < 0) return s;
      if (at > 0) return tokens.slice(0, at).join(' ');
      const site = DOMAIN_TOKEN.exec(tokens[0] ?? '')?.[1] ?? '';
      return [site, ...tokens.slice(1)].join(' ');
    },
  },
  {
    // Slashes join words ('CVS/PHARMACY') once dates and web addresses have had their turn.
    // A '#' glued to a word ('BP#1234567') becomes a space, so the number stands alone for the rules below.
    name: 'punctuation',
    apply: (s) =>
      dropPunctuationTokens(
        s
          .replaceAll('/', ' ')
          .replace(/(?<=[A-Z])#(?=\d)/g, ' ')
          .replace(/ +/g, ' ')
          .trim(),
      ),
  },
  {
    // A store number followed by 'city state' starts the location: cut from the number to the end,
    // so cities of any length go ('#552 SAN FRANCISCO CA', '1234 MAIN ST OAKLAND CA').
    name: 'store-location',
    apply: (s) => s.replace(STORE_LOCATION, ''),
  },
  {
    // Store numbers tell branches apart, which a payee should not: '#552', 'STORE 0123'.
    name: 'store-number',
    apply: (s) => s.replace(/(?:^| )#\s?[A-Z]?\d+(?= |$)/g, '').replace(/(?:^| )STORE #?\s?\d+(?= |$)/g, ''),
  },
  {
    // Digit runs and codes: terminal ids, zip codes, trace numbers ('00123', 'S586307843214127').
    name: 'reference-number',
    apply: (s) =>
      s
        .split(' ')
        .filter((t) => !REFERENCE_TOKEN.test(t))
        .join(' '),
  },
  {
    // Card networks drop apostrophes: 'JOE S' was 'JOE'S'. Same length, so nothing grows.
    name: 'apostrophe-s',
    apply: (s) => s.replace(/(?<=[A-Z]{2}) S(?= |$)/g, "'S"),
  },
  {
    // Zelle's wording varies by bank; 'ZELLE TO JOHN SMITH' is the one name for all of them.
    name: 'zelle',
    apply: (s) => s.replace(/^ZELLE (?:PAYMENT|TRANSFER) (TO|FROM)(?= |$)/, 'ZELLE $1'),
  },
  {
    // Trailing words that say how the bill was paid, not who: 'VERIZON WIRELESS PAYMENTS',
    // 'VENMO PAYMENT', German 'REWE SAGT DANKE' ('Rewe says thanks'). Kept if nothing else is left.
    name: 'payment-words',
    apply: (s) => {
      const out = s.replace(
        /(?: (?:PAYMENTS?|PMT|PYMT|AUTOPAY|AUTO PAY|AUTO-PAY|BILL ?PAY|ONLINE|WEB|PPD|CCD|ACH|DIR DEP|DIRECT DEP(?:OSIT)?|RECURRING|PURCHASE|DEBIT|SAGT DANKE))+$/,
        '',
      );
      return out.trim() === '' ? s : out;
    },
  },
  {
    // 'city state' at the end: the state, the city word before it, and its first word if the city
    // has two ('SAN FRANCISCO'). At least one word always stays; a lone 'NAME CA' loses only the state.
    name: 'city-state',
    apply: (s) => {
      const words = s.split(' ');
      // Repeated here rather than pass by pass, so a long run of them costs one pass, not one each.
      while (words.length >= 2 && US_STATES.has(words.at(-1) ?? '')) {
        words.pop();
        if (words.length >= 2 && /^[A-Z]+$/.test(words.at(-1) ?? '')) {
          words.pop();
          if (words.length >= 2 && CITY_FIRST_WORDS.has(words.at(-1) ?? '')) words.pop();
        }
      }
      return words.join(' ');
    },
  },
];

/** Upper-cases only where that round-trips at the same length (not 'ß' → 'SS'), so nothing grows. */
function caseOf(ch: string, upper: boolean): string {
  const u = ch.toUpperCase();
  const l = ch.toLowerCase();
  const simple = u.length === ch.length && l.length === ch.length && u.toLowerCase() === l && l.toUpperCase() === u;
  if (!simple) return ch;
  return upper ? u : l;
}

function toUpper(s: string): string {
  let out = '';
  for (const ch of s) out += caseOf(ch, true);
  return out;
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The clean-up rules, repeated until nothing changes (each pass only shortens, so this ends). */
export function cleanDescription(description: string): string {
  let s = toUpper(collapse(description));
  for (let pass = 0; pass <= s.length + 1; pass++) {
    let next = s;
    for (const rule of CLEANUP_RULES) next = collapse(rule.apply(next));
    next = next.replace(/^[-*#/.,:;|_~+ ]+|[-*#/.,:;|_~+ ]+$/g, '');
    if (next === s) break;
    s = next;
  }
  return s;
}

/**
 * Well-known merchants whose cleaned description still is not their name ('AMZN MKTP US',
 * 'WM SUPERCENTER', 'WHOLEFDS MKT'). Matched on the leading words, punctuation ignored, the longer key
 * first. Kept short on purpose: the user's own rename rules (item 1) cover the rest.
 */
export const KNOWN_MERCHANTS: readonly (readonly [key: string, name: string])[] = [
  ['AMAZON', 'Amazon'],
  ['AMZN', 'Amazon'],
  ['TRADER JOES', "Trader Joe's"],
  ['MCDONALDS', "McDonald's"],
  ['STARBUCKS', 'Starbucks'],
  ['UBER EATS', 'Uber Eats'],
  ['UBER', 'Uber'],
  ['LYFT', 'Lyft'],
  ['NETFLIX', 'Netflix'],
  ['SPOTIFY', 'Spotify'],
  ['APPLE', 'Apple'],
  ['APL', 'Apple'],
  ['GOOGLE', 'Google'],
  ['WALMART', 'Walmart'],
  ['WM SUPERCENTER', 'Walmart'],
  ['TARGET', 'Target'],
  ['COSTCO', 'Costco'],
  ['WHOLE FOODS', 'Whole Foods'],
  ['WHOLEFDS', 'Whole Foods'],
  ['SHELL', 'Shell'],
  ['CHEVRON', 'Chevron'],
  ['7ELEVEN', '7-Eleven'],
  ['711', '7-Eleven'],
  ['WALGREENS', 'Walgreens'],
  ['CVS', 'CVS'],
  ['THE HOME DEPOT', 'Home Depot'],
  ['HOME DEPOT', 'Home Depot'],
  ['PAYPAL', 'PayPal'],
  ['DOORDASH', 'DoorDash'],
];

const KNOWN_BY_LENGTH = KNOWN_MERCHANTS.map(([key, name]) => ({ words: key.split(' '), name })).sort(
  (a, b) => b.words.length - a.words.length,
);

function knownMerchant(cleaned: string): string | undefined {
  const words = cleaned.split(' ').map((w) => w.replace(/[^A-Z0-9]/g, ''));
  return KNOWN_BY_LENGTH.find((k) => k.words.every((w, i) => words[i] === w))?.name;
}

/** Small words read lower-case inside a name: 'Bank of America', 'Zelle to John Smith'. */
const SMALL_WORDS = new Set('A AN AND AT BY FOR FROM IN OF ON OR THE TO'.split(' '));
/** Short names said letter by letter, but with a vowel, so the no-vowel test below misses them. */
const UPPER_WORDS = new Set('ATM USA IRS UPS AAA AMC IKEA YMCA'.split(' '));
/** After an apostrophe these stay lower ('Joe's', 'Don't'); anything else is a name ('O'Reilly'). */
const CONTRACTIONS = new Set(['S', 'T', 'D', 'LL', 'RE', 'VE', 'M']);

function titleWord(word: string, first: boolean): string {
  if (!first && SMALL_WORDS.has(word)) return toLower(word);
  // No vowel and short means initials ('BP', 'CVS', 'KFC', 'H&M'); '&' in a short word too ('AT&T').
  if (UPPER_WORDS.has(word) || /^[B-DF-HJ-NP-TV-XZ&]{1,4}$/.test(word) || (word.includes('&') && word.length <= 4)) {
    return word;
  }
  if (/^\d+(?:ST|ND|RD|TH)$/.test(word)) return toLower(word);
  if (/^MC[A-Z]{2}/.test(word)) return `Mc${titleWord(word.slice(2), true)}`;
  // A letter is capital at the start of the word or after a non-letter ('7-Eleven', 'J.Crew'); after
  // an apostrophe only if what follows is a name rather than a contraction.
  return word.replace(/(^|[^\p{L}'])(\p{L})|'(\p{L}+)|(\p{L})/gu, (_m, lead, initial, afterApostrophe, other) => {
    if (initial !== undefined) return lead + caseOf(initial, true);
    if (afterApostrophe !== undefined) {
      if (CONTRACTIONS.has(afterApostrophe)) return `'${toLower(afterApostrophe)}`;
      const [head = '', ...tail] = afterApostrophe;
      return `'${caseOf(head, true)}${toLower(tail.join(''))}`;
    }
    return caseOf(other, false);
  });
}

function toLower(s: string): string {
  let out = '';
  for (const ch of s) out += caseOf(ch, false);
  return out;
}

/** Title Case for a cleaned, upper-case description. Changes only letter case, never length. */
export function titleCase(cleaned: string): string {
  return cleaned
    .split(' ')
    .map((w, i) => titleWord(w, i === 0))
    .join(' ');
}

/** The display name for a bank description: 'TRADER JOE S #552 SAN FRANCISCO CA' → 'Trader Joe's'. */
export function merchantName(description: string): string {
  const cleaned = cleanDescription(description);
  if (cleaned === '') return collapse(description);
  const known = knownMerchant(cleaned);
  // A well-known name only where it is no longer than the description ('AMZN' stays 'AMZN').
  if (known !== undefined && known.length <= description.length) return known;
  return titleCase(cleaned);
}

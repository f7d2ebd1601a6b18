const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * &amp; &lt; &#233; &#xE9; in a bank file's text: anything else is left as written (banks write bare
 * ampersands). No entity a document declares is ever expanded: the readers take no DOCTYPE.
 */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replaceAll(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, code: string) => {
    if (code.startsWith('#')) {
      const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      // NUL, surrogates and past U+10FFFF can not be stored: keep the text as the bank wrote it.
      return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

/** At most this many characters of a payee, memo or id are kept. */
export const MAX_BANK_TEXT = 200;

/** Control characters (NUL among them, which the database refuses) become spaces; long text is cut. */
export function cleanText(value: string): string {
  return value
    .replaceAll(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_BANK_TEXT);
}

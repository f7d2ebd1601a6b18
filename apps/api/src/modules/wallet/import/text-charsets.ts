/**
 * Two charsets of bank exports that need a look at the bytes (decode-bank-file.ts calls these):
 * UTF-16, which some banks' Windows exports write, and windows-1250, in which Czech, Polish and
 * Hungarian banks write, and which decodes byte for byte like windows-1252 except for their letters.
 */

const windows1250 = new TextDecoder('windows-1250');
const windows1252 = new TextDecoder('windows-1252');

/**
 * UTF-16 text by its byte order mark, or without one when every other byte of the start is NUL
 * (ASCII text written as UTF-16); null for anything else.
 */
export function decodeUtf16(bytes: Uint8Array): string | null {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (le || be) return new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes);
  const start = bytes.subarray(0, 200 - (Math.min(bytes.length, 200) % 2));
  // A few bytes are too few to tell ("Da" in UTF-16 is also four bytes of anything).
  if (start.length < 16) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < start.length; i++) if (start[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  const half = start.length / 2;
  if (oddNul === half && evenNul === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (evenNul === half && oddNul === 0) return new TextDecoder('utf-16be').decode(bytes);
  return null;
}

/**
 * A file that is not UTF-8, as windows-1250 or windows-1252. They differ on a few letters (1250's
 * č ř ě ů are 1252's è ø ì ù), each plausible alone; but Czech writes them beside other accented
 * letters ("zaúčtování", "Číslo"), where 1252's reading gives two accented vowels in a row
 * ("zaúètování"), which western languages do not write. Some such pair, among more than a tenth of
 * the differing letters, makes the file windows-1250.
 */
export function decodeSingleByte(bytes: Uint8Array): string {
  const western = windows1252.decode(bytes);
  const central = windows1250.decode(bytes);
  if (western.length !== central.length) return western;
  let differing = 0;
  let paired = 0;
  const accented = (c: string | undefined) => c !== undefined && c > '\u00bf' && /\p{L}/u.test(c);
  for (let i = 0; i < western.length; i++) {
    if (western[i] === central[i] || !accented(western[i])) continue;
    differing++;
    if (accented(western[i - 1]) || accented(western[i + 1])) paired++;
  }
  return paired > 0 && paired * 10 > differing ? central : western;
}

/**
 * windows-1250, in which Czech, Polish and Hungarian banks write their CSVs without saying so, and
 * which decodes byte for byte like windows-1252 except for their letters (decode-bank-file.ts calls this).
 */

const windows1250 = new TextDecoder('windows-1250');
const windows1252 = new TextDecoder('windows-1252');

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

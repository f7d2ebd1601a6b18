import { BankFileError } from './bank-file-error.ts';
import { decodeSingleByte } from './text-charsets.ts';

const windows1252 = new TextDecoder('windows-1252');
const NOT_TEXT = 'This file is not a text file (CSV, OFX, QFX, QIF or CAMT.053)';

/**
 * A bank file's bytes as text:
 * - a byte-order mark says UTF-8, UTF-16 LE or UTF-16 BE (and is dropped);
 * - UTF-16 without a mark shows by its NUL bytes: every other byte of ASCII text is 0;
 * - else strict UTF-8 when the bytes are valid UTF-8 (a single-byte file almost never is, even when
 *   its header says otherwise: banks mislabel files, bytes do not lie);
 * - else the encoding the file declares (an OFX header's CHARSET, an XML declaration's encoding);
 * - else `fallback` (windows-1252 unless the caller knows better: a CSV has no header to say).
 * Any other file with NUL bytes is not text.
 */
export function decodeBankFile(bytes: Uint8Array, fallback = 'windows-1252'): string {
  const bom = byteOrderMark(bytes);
  if (bom) return decodeStrict(bytes.subarray(bom.length), bom.encoding);
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return decodeStrict(bytes, utf16);
  if (bytes.includes(0)) throw new BankFileError(NOT_TEXT);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not UTF-8 whatever the file says: a declared UTF-8 or UTF-16 is the label of a tool that lied.
    const declared = declaredEncoding(bytes);
    if (declared && !declared.startsWith('utf-')) return decoderFor(declared).decode(bytes);
    // Undeclared windows-1252 may be windows-1250 (a Czech bank's CSV): text-charsets.ts tells them apart.
    return fallback === 'windows-1252' ? decodeSingleByte(bytes) : decoderFor(fallback).decode(bytes);
  }
}

function byteOrderMark(bytes: Uint8Array): { length: number; encoding: string } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { length: 3, encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { length: 2, encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { length: 2, encoding: 'utf-16be' };
  return null;
}

/** Most even (BE) or odd (LE) bytes of the start NUL, and no NUL on the other side: UTF-16 text. */
function utf16WithoutMark(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 1000) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd >= pairs * 0.6 && even === 0) return 'utf-16le';
  if (even >= pairs * 0.6 && odd === 0) return 'utf-16be';
  return null;
}

function decodeStrict(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // A file marked UTF-8 with a stray single-byte character: read the rest, mark the one.
    if (encoding === 'utf-8') return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    throw new BankFileError(NOT_TEXT);
  }
}

/**
 * The encoding the file names in its first kilobyte: OFX 1.x `CHARSET:1252` / `CHARSET:ISO-8859-1`
 * (with `ENCODING:USASCII`; `ENCODING:UTF-8` wins), or `<?xml … encoding="…"?>`. Null when it names
 * none, or one TextDecoder does not know.
 */
export function declaredEncoding(bytes: Uint8Array): string | null {
  const head = windows1252.decode(bytes.subarray(0, 1000));
  const xml = /<\?xml[^>]*?\bencoding\s*=\s*["']([\w.:-]{1,40})["']/i.exec(head)?.[1];
  const ofxEncoding = /^\s*ENCODING\s*:\s*([\w-]{1,40})\s*$/im.exec(head)?.[1];
  const charset = /^\s*CHARSET\s*:\s*([\w-]{1,40})\s*$/im.exec(head)?.[1];
  const named = xml ?? (ofxEncoding && /^utf-?8$/i.test(ofxEncoding) ? 'utf-8' : charset);
  if (!named || /^none$/i.test(named)) return null;
  const label = /^\d{3,4}$/.test(named) ? `windows-${named}` : named;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function decoderFor(encoding: string): { decode(bytes: Uint8Array): string } {
  try {
    return new TextDecoder(encoding);
  } catch {
    return windows1252;
  }
}

import { BankFileError } from './bank-file-error.ts';
import { decodeSingleByte, decodeUtf16 } from './text-charsets.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A bank file's bytes as text: UTF-16 by its byte order mark or its NULs; UTF-8 when they are
 * valid UTF-8 (the BOM dropped); else a single-byte charset (text-charsets.ts), which decodes any
 * byte. Another file with NUL bytes is not text at all.
 */
export function decodeBankFile(bytes: Uint8Array): string {
  const wide = decodeUtf16(bytes);
  if (wide !== null) return wide;
  if (bytes.includes(0)) throw new BankFileError('This file is not a text file (CSV, OFX or QFX)');
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeSingleByte(bytes);
  }
}

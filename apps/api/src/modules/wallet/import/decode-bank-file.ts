import { BankFileError } from './bank-file-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const windows1252 = new TextDecoder('windows-1252');

/**
 * A bank file's bytes as text: UTF-8 when they are valid UTF-8 (the BOM dropped), else
 * windows-1252, which is what the rest of bank exports are written in and which decodes any byte.
 * A file with NUL bytes is UTF-16 or not text at all.
 */
export function decodeBankFile(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new BankFileError('This file is not a text file (CSV, OFX or QFX)');
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

import { IMPORT_MAX_BYTES } from '@helo/contract/wallet';

/** The file types the import reads, as the file input accepts them. */
export const ACCEPTED = '.csv,.ofx,.qfx,.qif,.xml';

/** The server's own words (its 413 and 400s), said before the file is sent. */
export const TOO_LARGE = 'The file is larger than 5 MB: export a shorter period and import it in parts';
export const CHOOSE_FILE = 'Choose a CSV, OFX, QFX, QIF or CAMT.053 (XML) file';

/** What is wrong with a chosen file before it is sent; null when it can go. */
export function fileProblem(file: { name: string; size: number } | undefined): string | null {
  if (!file || !/\.(csv|ofx|qfx|qif|xml)$/i.test(file.name)) return CHOOSE_FILE;
  if (file.size > IMPORT_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return 'The file is empty';
  return null;
}

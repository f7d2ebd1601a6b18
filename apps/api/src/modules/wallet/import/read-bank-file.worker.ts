import { HttpError } from '../../../lib/http-error.ts';
import { BankFileError } from './bank-file-error.ts';
import { readBankFile } from './import-preview.ts';
import type { ReadRequest, ReadResult } from './read-off-thread.ts';

/** readBankFile in a pooled worker thread (read-off-thread.ts): a 5 MB file is a second of parsing. */
export default function readInWorker({ format, content, mapping }: ReadRequest): ReadResult {
  try {
    return { read: readBankFile(format, content, mapping) };
  } catch (e) {
    if (e instanceof BankFileError) return { bankFileError: { message: e.message, line: e.line } };
    if (e instanceof HttpError) return { httpError: { status: e.statusCode, message: e.message, errors: e.errors } };
    throw e;
  }
}

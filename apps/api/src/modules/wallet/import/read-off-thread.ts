import { Worker } from 'node:worker_threads';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { BankFileError } from './bank-file-error.ts';
import type { CsvMapping } from './csv-reader.ts';
import type { ImportFormat, ReadFile } from './import-preview.ts';

export interface ReadRequest {
  format: ImportFormat;
  content: string;
  mapping: CsvMapping | undefined;
}

export type ReadResult =
  | { read: ReadFile }
  | { bankFileError: { message: string; line: number | null } }
  | { httpError: { status: number; message: string; errors: FieldErrors | undefined } };

const WORKER = new URL('./read-bank-file.worker.ts', import.meta.url);

/**
 * `readBankFile` in a worker thread: reading 100,000 rows takes a second or more of CPU, which on
 * the request thread would hold every other user's request (and, with PGlite, the database) that
 * long. The same answer and the same errors as calling it here.
 */
export function readBankFileOffThread(request: ReadRequest): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: request });
    let settled = false;
    worker.once('message', (result: ReadResult) => {
      settled = true;
      if ('read' in result) resolve(result.read);
      else if ('bankFileError' in result) {
        const { message, line } = result.bankFileError;
        const error = new BankFileError('', line);
        error.message = message;
        reject(error);
      } else reject(new HttpError(result.httpError.status, result.httpError.message, result.httpError.errors));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the bank file reader stopped (exit code ${code})`));
    });
  });
}

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
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

/**
 * The readers' threads, started on the first read and kept a minute after the last: a thread new
 * per read loaded the readers and the contract (zod) again each time, ~0.2 s of CPU before the
 * first row, seconds on a busy machine. At most one thread per core, less one for the requests.
 */
let pool: Piscina | undefined;
function readers(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./read-bank-file.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * `readBankFile` in a worker thread: reading 100,000 rows takes a second or more of CPU, which on
 * the request thread would hold every other user's request (and, with PGlite, the database) that
 * long. The same answer and the same errors as calling it here.
 */
export async function readBankFileOffThread(request: ReadRequest): Promise<ReadFile> {
  const result: ReadResult = await readers().run(request);
  if ('read' in result) return result.read;
  if ('bankFileError' in result) {
    const { message, line } = result.bankFileError;
    const error = new BankFileError('', line);
    error.message = message;
    throw error;
  }
  throw new HttpError(result.httpError.status, result.httpError.message, result.httpError.errors);
}

import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../../lib/http-error.ts';
import { BankFileError } from './bank-file-error.ts';
import { type ReadFile, readBankFile } from './import-preview.ts';
import type { ReadRequest, ReadResult } from './read-off-thread.ts';

// readBankFile in a worker thread (read-off-thread.ts): a 5 MB file is a second of parsing.
const { format, content, mapping } = workerData as ReadRequest;
let result: ReadResult;
try {
  const read: ReadFile = readBankFile(format, content, mapping);
  result = { read };
} catch (e) {
  if (e instanceof BankFileError) result = { bankFileError: { message: e.message, line: e.line } };
  else if (e instanceof HttpError)
    result = { httpError: { status: e.statusCode, message: e.message, errors: e.errors } };
  else throw e;
}
parentPort?.postMessage(result);

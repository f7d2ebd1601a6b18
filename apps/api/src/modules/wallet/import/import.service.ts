import type { CsvMappingBody, WalletImportPreview } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { WalletImportRow } from '@helo/db/schema';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import type { Clock } from '../../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../../lib/http-error.ts';
import { findNestAccount, lockNestAccount } from '../../nest/nest.repository.ts';
import { NOT_ACTIVE } from '../../nest/nest.service.ts';
import { BankFileError } from './bank-file-error.ts';
import { decodeBankFile } from './decode-bank-file.ts';
import {
  findImport,
  insertImport,
  insertImportedTransactions,
  lockImport,
  markCommitted,
  possibleDuplicates,
} from './import.repository.ts';
import {
  formatOf,
  mappingFromBody,
  mappingToBody,
  markDuplicates,
  PREVIEW_ROWS,
  type ReadFile,
  readBankFile,
} from './import-preview.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_IMPORT = 'Import not found';
export const ALREADY_COMMITTED = 'This file has been imported already';
export const CHOOSE_FILE = 'Choose a CSV, OFX or QFX file';

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

export interface PreviewAnswer {
  preview: WalletImportPreview;
  /** A sentence about the rows: how many, and any $0 rows left out. */
  message: string;
}

export interface CommitAnswer {
  result: { id: string; inserted: number; duplicates: number };
  message: string;
}

/**
 * Bank file imports into My Wallet (decisions.md "My Wallet, bank imports"): an upload is read and
 * kept with a preview of its rows, read again under a changed CSV mapping, and committed once: the
 * rows that are not in the Wallet yet are inserted in one transaction under the Nest's row lock, so
 * two commits at once run one after the other and the second finds the first's rows.
 */
export class WalletImportService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async upload(userId: string, upload: Upload): Promise<PreviewAnswer> {
    if (!(await findNestAccount(this.#db, userId))) throw conflict(NOT_ACTIVE);
    const content = asFileError(() => decodeBankFile(upload.bytes), 'file');
    const format = formatOf(upload.fileName, content);
    if (!format) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
    const read = asFileError(() => readBankFile(format, content, undefined), 'file');
    const row = await insertImport(this.#db, userId, { fileName: upload.fileName, format, content }, this.#clock.now());
    return this.#preview(this.#db, userId, row, read);
  }

  async preview(userId: string, id: string, mapping: CsvMappingBody | undefined): Promise<PreviewAnswer> {
    const row = await this.#open(this.#db, userId, id, findImport);
    return this.#preview(this.#db, userId, row, this.#read(row, mapping));
  }

  commit(userId: string, id: string, mapping: CsvMappingBody | undefined): Promise<CommitAnswer> {
    return this.#db.transaction(async (tx) => {
      // The Nest's row first, as every Wallet write takes it; the import gone with the Nest is a 404.
      if (!UUID.test(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_IMPORT);
      const row = await this.#open(tx, userId, id, lockImport);
      const read = this.#read(row, mapping);
      // Under the lock, the Wallet can not change until this commit ends.
      const duplicate = markDuplicates(read.rows, await possibleDuplicates(tx, userId, read.rows));
      const fresh = read.rows.filter((_, i) => !duplicate[i]);
      const now = this.#clock.now();
      const inserted = await insertImportedTransactions(tx, userId, row.id, fresh, now);
      await markCommitted(tx, userId, row.id, inserted, now);
      const duplicates = read.rows.length - inserted;
      return {
        result: { id: row.id, inserted, duplicates },
        message: `${plural(inserted, 'transaction')} imported${duplicates > 0 ? `, ${plural(duplicates, 'duplicate')} left out` : ''}${zeroNote(read)}`,
      };
    });
  }

  /** The user's import, not committed yet: another user's id is the same 404 as no import. */
  async #open(
    db: Db,
    userId: string,
    id: string,
    find: (db: Db, userId: string, id: string) => Promise<WalletImportRow | undefined>,
  ): Promise<WalletImportRow & { content: string }> {
    if (!UUID.test(id)) throw notFound(NO_IMPORT);
    const row = await find(db, userId, id);
    if (!row) throw notFound(NO_IMPORT);
    if (row.committedAt !== null || row.content === null) throw conflict(ALREADY_COMMITTED);
    return { ...row, content: row.content };
  }

  #read(row: WalletImportRow & { content: string }, mapping: CsvMappingBody | undefined): ReadFile {
    return asFileError(
      () => readBankFile(row.format, row.content, mapping ? mappingFromBody(mapping) : undefined),
      mapping ? 'mapping' : 'file',
    );
  }

  async #preview(db: Db, userId: string, row: WalletImportRow, read: ReadFile): Promise<PreviewAnswer> {
    const duplicate = markDuplicates(read.rows, await possibleDuplicates(db, userId, read.rows));
    const duplicates = duplicate.filter(Boolean).length;
    return {
      preview: {
        id: row.id,
        file_name: row.fileName,
        format: row.format,
        columns: read.columns,
        mapping: read.mapping ? mappingToBody(read.mapping) : null,
        rows: read.rows.slice(0, PREVIEW_ROWS).map((r, i) => ({
          line: r.line,
          date: r.date,
          payee: r.payee,
          amount: centsToDollars(r.amountCents as Cents),
          note: r.note,
          duplicate: duplicate[i] ?? false,
        })),
        total: read.rows.length,
        duplicates,
      },
      message: `${plural(read.rows.length, 'transaction')} read${duplicates > 0 ? `, ${duplicates.toLocaleString('en-US')} already in your Wallet` : ''}${zeroNote(read)}`,
    };
  }
}

/** A file that can not be read is the client's 400, at `field`, never a 500. */
function asFileError<T>(read: () => T, field: 'file' | 'mapping'): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof BankFileError) throw invalidField(field, e.message, { summary: e.message });
    throw e;
  }
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function zeroNote(read: ReadFile): string {
  const lines = read.zeroLines;
  if (lines.length === 0) return '';
  const shown = lines.slice(0, 5).join(', ') + (lines.length > 5 ? '…' : '');
  return `; ${plural(lines.length, 'row')} of $0 left out (line${lines.length === 1 ? '' : 's'} ${shown})`;
}

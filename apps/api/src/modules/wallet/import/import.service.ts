import { randomUUID } from 'node:crypto';
import type { CsvMappingBody, WalletImportPreview } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { WalletImportRow } from '@helo/db/schema';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import type { Clock } from '../../../lib/clock.ts';
import { conflict, HttpError, invalidField, notFound } from '../../../lib/http-error.ts';
import { inShortTransactions, untilDone } from '../../../lib/short-transactions.ts';
import { findNestAccount, lockNestAccount, NOT_ACTIVE } from '../../nest/index.ts';
import { DEFAULT_WALLET_LIMITS, tooManyTransactions, type WalletLimits } from '../wallet-limits.ts';
import { BankFileError } from './bank-file-error.ts';
import { decodeBankFile } from './decode-bank-file.ts';
import {
  findImport,
  importsSince,
  insertImport,
  insertImportedTransactions,
  lockImport,
  markCommitted,
  possibleDuplicates,
} from './import.repository.ts';
import {
  formatOf,
  type ImportFormat,
  mappingFromBody,
  mappingToBody,
  markDuplicates,
  PREVIEW_ROWS,
  type ReadFile,
} from './import-preview.ts';
import { readBankFileOffThread } from './read-off-thread.ts';
import {
  claimStaging,
  discardStagedRows,
  holdsClaim,
  liveStagingOf,
  releaseClaim,
  STAGING_LEASE_MS,
} from './staging.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_IMPORT = 'Import not found';
export const ALREADY_COMMITTED = 'This file has been imported already';
export const CHOOSE_FILE = 'Choose a CSV, OFX or QFX file';
export const IMPORT_IN_PROGRESS =
  'Another bank file is being imported into your Wallet. Try again when it has finished.';
const HOUR_MS = 60 * 60_000;
const DISCARD_ROWS = 500;

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
 * Bank file imports into My Wallet (decisions.md "My Wallet, bank imports" and "Imports that do not
 * stall the others"): an upload is read and kept with a preview of its rows, read again under a
 * changed CSV mapping, and committed once. A commit claims the import (one commit of a user at a
 * time), writes the new rows in short transactions as staged rows nobody sees, and publishes them
 * all in one short last transaction; on any failure it discards what it staged.
 */
export class WalletImportService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #limits: WalletLimits;

  constructor(db: Db, clock: Clock, limits: WalletLimits = DEFAULT_WALLET_LIMITS) {
    this.#db = db;
    this.#clock = clock;
    this.#limits = limits;
  }

  async upload(userId: string, upload: Upload): Promise<PreviewAnswer> {
    if (!(await findNestAccount(this.#db, userId))) throw conflict(NOT_ACTIVE);
    // Checked before the file is read, so a refused upload costs nothing; again under the lock.
    await this.#withinHourlyLimit(this.#db, userId);
    const content = asFileError(() => decodeBankFile(upload.bytes), 'file');
    const format = formatOf(upload.fileName, content);
    if (!format) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
    const read = await this.#read({ format, content }, undefined);
    const row = await this.#db.transaction(async (tx) => {
      if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      await this.#withinHourlyLimit(tx, userId);
      return insertImport(tx, userId, { fileName: upload.fileName, format, content }, this.#clock.now());
    });
    return this.#preview(this.#db, userId, row, read);
  }

  async preview(userId: string, id: string, mapping: CsvMappingBody | undefined): Promise<PreviewAnswer> {
    const row = await this.#open(this.#db, userId, id, findImport);
    return this.#preview(this.#db, userId, row, await this.#read(row, mapping));
  }

  async commit(userId: string, id: string, mapping: CsvMappingBody | undefined): Promise<CommitAnswer> {
    const { row, token } = await this.#claim(userId, id);
    const renew = async (tx: Db) => {
      if (!(await holdsClaim(tx, userId, row.id, token, this.#clock.now()))) throw conflict(IMPORT_IN_PROGRESS);
    };
    try {
      // What a commit that died left staged goes first: its bank ids would hold this file's back.
      await untilDone(this.#db, async (tx) => {
        await renew(tx);
        return discardStagedRows(tx, userId, this.#discardRows);
      });
      const read = await this.#read(row, mapping);
      const duplicate = markDuplicates(read.rows, await possibleDuplicates(this.#db, userId, read.rows));
      const fresh = read.rows.filter((_, i) => !duplicate[i]);
      const held = (await findNestAccount(this.#db, userId))?.walletTransactionsCount ?? 0;
      if (held + fresh.length > this.#limits.maxTransactions) throw this.#tooMany(held, fresh.length);
      let inserted = 0;
      await inShortTransactions(this.#db, fresh, this.#limits.stageChunkRows, async (tx, chunk) => {
        await renew(tx);
        inserted += await insertImportedTransactions(tx, userId, row.id, chunk, this.#clock.now());
      });
      await this.#db.transaction(async (tx) => {
        // The Nest's row first, as every Wallet write takes it; then the claim, still this commit's.
        if (!(await lockNestAccount(tx, userId))) throw notFound(NO_IMPORT);
        await renew(tx);
        await markCommitted(tx, userId, row.id, inserted, this.#clock.now());
        // Hand entries made while the rows were staged count too: the trigger has added the rows.
        const now = (await findNestAccount(tx, userId))?.walletTransactionsCount ?? 0;
        if (now > this.#limits.maxTransactions) throw this.#tooMany(now - inserted, inserted);
      });
      const duplicates = read.rows.length - inserted;
      return {
        result: { id: row.id, inserted, duplicates },
        message: `${plural(inserted, 'transaction')} imported${duplicates > 0 ? `, ${plural(duplicates, 'duplicate')} left out` : ''}${zeroNote(read)}`,
      };
    } catch (e) {
      // Should the cleaning fail too, the rows stay staged (unseen) and the lease runs out: the
      // user's next commit discards them. The answer is about the first failure.
      await this.#abandon(userId, row.id, token).catch(() => undefined);
      throw e;
    }
  }

  /**
   * The import, claimed for this commit in one short transaction under the Nest's lock: a 409 when
   * it is committed, or when a live commit of the user (this import's or another's) is staging.
   */
  #claim(userId: string, id: string): Promise<{ row: WalletImportRow & { content: string }; token: string }> {
    return this.#db.transaction(async (tx) => {
      // The import gone with the Nest is a 404.
      if (!UUID.test(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_IMPORT);
      const row = await this.#open(tx, userId, id, lockImport);
      const now = this.#clock.now();
      const liveSince = new Date(now.getTime() - STAGING_LEASE_MS);
      const ownLive = row.stagingAt !== null && row.stagingAt >= liveSince;
      if (ownLive || (await liveStagingOf(tx, userId, row.id, liveSince))) throw conflict(IMPORT_IN_PROGRESS);
      const token = randomUUID();
      await claimStaging(tx, userId, row.id, token, now);
      return { row, token };
    });
  }

  /** A failed commit: its staged rows discarded in short transactions, then the claim given up. */
  async #abandon(userId: string, id: string, token: string): Promise<void> {
    // A claim taken over by a later commit is that commit's to clean.
    await untilDone(this.#db, async (tx) =>
      (await holdsClaim(tx, userId, id, token, this.#clock.now()))
        ? discardStagedRows(tx, userId, this.#discardRows)
        : 0,
    );
    await releaseClaim(this.#db, userId, id, token);
  }

  /** Staged rows deleted per short transaction. */
  get #discardRows(): number {
    return Math.min(DISCARD_ROWS, this.#limits.stageChunkRows);
  }

  async #withinHourlyLimit(db: Db, userId: string): Promise<void> {
    const now = this.#clock.now().getTime();
    const { count, first } = await importsSince(db, userId, new Date(now - HOUR_MS));
    const max = this.#limits.importsPerHour;
    if (count < max) return;
    const minutes = Math.max(1, Math.ceil(((first?.getTime() ?? now) + HOUR_MS - now) / 60_000));
    const message = `You can upload at most ${max} bank files an hour. Try again in ${plural(minutes, 'minute')}.`;
    throw new HttpError(429, message, [{ path: 'file', message }], { 'retry-after': String(minutes * 60) });
  }

  #tooMany(held: number, adding: number) {
    const message = `${tooManyTransactions(this.#limits.maxTransactions)} It has ${held.toLocaleString('en-US')} and this file adds ${adding.toLocaleString('en-US')}.`;
    return invalidField('file', message, { status: 409, summary: message });
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

  /** The file read in a worker thread (a second of CPU for 100,000 rows would hold every request). */
  async #read(file: { format: ImportFormat; content: string }, mapping: CsvMappingBody | undefined): Promise<ReadFile> {
    try {
      return await readBankFileOffThread({
        format: file.format,
        content: file.content,
        mapping: mapping ? mappingFromBody(mapping) : undefined,
      });
    } catch (e) {
      throw asFieldError(e, mapping ? 'mapping' : 'file');
    }
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
    throw asFieldError(e, field);
  }
}

function asFieldError(e: unknown, field: 'file' | 'mapping'): unknown {
  return e instanceof BankFileError ? invalidField(field, e.message, { summary: e.message }) : e;
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

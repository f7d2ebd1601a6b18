import { randomUUID } from 'node:crypto';
import { type CsvMappingBody, PREVIEW_PROBLEMS, type WalletImportPreview } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { WalletImportRow } from '@helo/db/schema';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import type { Clock } from '../../../lib/clock.ts';
import { conflict, HttpError, invalidField, notFound } from '../../../lib/http-error.ts';
import { moneyChanged } from '../../../lib/money-changed.ts';
import { inShortTransactions, untilDone } from '../../../lib/short-transactions.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { isOwnAccount, ownAccountOrFieldError, walletAccountOf } from '../../accounts/index.ts';
import {
  countLive,
  discardStaged,
  type LedgerAccount,
  type LinkCandidate,
  link,
  linkCandidates,
  lockOwnAccount,
  type NewLink,
  publish,
} from '../../ledger/index.ts';
import { findNestAccount, isNestWallet, lockNestAccount, NEST_DEPOSIT_KIND, NOT_ACTIVE } from '../../nest/index.ts';
import { matchFreshTransactions } from '../../recurring/index.ts';
import { bankRowJournals, RuleTags, stageBankJournals } from '../bank-journals.ts';
import { userRules } from '../rules/rule-form.ts';
import { findMoves } from '../transfers/found-moves.ts';
import { depositThroughNest, type NestDeposits } from '../transfers/nest-paydays.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import { DEFAULT_WALLET_LIMITS, tooManyTransactions, type WalletLimits } from '../wallet-limits.ts';
import { BankFileError } from './bank-file-error.ts';
import { decodeBankFile } from './decode-bank-file.ts';
import {
  findImport,
  importsSince,
  insertImport,
  lockImport,
  markCommitted,
  setImportAccount,
} from './import.repository.ts';
import {
  importTargets,
  judgedByAccount,
  rememberTargets,
  roundedNote,
  type SentAccount,
  type Targets,
} from './import-accounts.ts';
import { rememberedMapping, rememberMapping } from './import-mappings.repository.ts';
import {
  formatOf,
  type ImportFormat,
  type ImportRow,
  mappingFromBody,
  mappingToBody,
  PREVIEW_ROWS,
  type ReadFile,
} from './import-preview.ts';
import { readBankFileOffThread } from './read-off-thread.ts';
import { claimStaging, holdsClaim, liveStagingOf, releaseClaim, STAGING_LEASE_MS } from './staging.repository.ts';

export const NO_IMPORT = 'Import not found';
export const ALREADY_COMMITTED = 'This file has been imported already';
export const CHOOSE_FILE = 'Choose a CSV, OFX, QFX, QIF or CAMT.053 (XML) file';
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
  result: {
    id: string;
    inserted: number;
    duplicates: number;
    nest_deposits: number;
    transfers: number;
    loan_payments: number;
  };
  message: string;
}

/**
 * Bank file imports into an account of the user's (decisions.md "My Wallet, bank imports", "Imports
 * that do not stall the others" and "Accounts and the Wallet on the ledger"): an upload is read and
 * kept with a preview of its rows, read again under a changed CSV mapping or account, and committed
 * once. A commit claims the import (one commit of a user at a time), stages the new rows as journals
 * of the ledger batch with the import's id, in short transactions, and publishes the batch in one
 * short last transaction; on any failure it discards what it staged. Duplicates are judged within the
 * import's account.
 */
export class WalletImportService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #limits: WalletLimits;

  readonly #nest: NestDeposits | undefined;

  constructor(db: Db, clock: Clock, limits: WalletLimits = DEFAULT_WALLET_LIMITS, nest?: NestDeposits) {
    this.#nest = nest;
    this.#db = db;
    this.#clock = clock;
    this.#limits = limits;
  }

  /** Reads and keeps a bank file for the account `accountId` (the Wallet when absent). */
  async upload(userId: string, upload: Upload, accountId?: string): Promise<PreviewAnswer> {
    if (!(await findNestAccount(this.#db, userId))) throw conflict(NOT_ACTIVE);
    const account = await this.#account(this.#db, userId, accountId);
    // Checked before the file is read, so a refused upload costs nothing; again under the lock.
    await this.#withinHourlyLimit(this.#db, userId);
    const content = asFileError(() => decodeBankFile(upload.bytes), 'file');
    const format = formatOf(upload.fileName, content);
    if (!format) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
    const guessed = await this.#read({ format, content }, undefined);
    const { read, remembered } = await this.#readRemembering(userId, { format, content }, account.id, guessed);
    const row = await this.#db.transaction(async (tx) => {
      if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      await this.#withinHourlyLimit(tx, userId);
      const file = { accountId: account.id, fileName: upload.fileName, format, content };
      return insertImport(tx, userId, file, this.#clock.now());
    });
    return this.#preview(this.#db, userId, row, account, read, undefined, remembered);
  }

  /** Reads the file again, with another CSV mapping, for another account when `accountId` is given. */
  async preview(
    userId: string,
    id: string,
    mapping: CsvMappingBody | undefined,
    accountId?: string,
    accounts?: SentAccount[],
  ): Promise<PreviewAnswer> {
    const row = await this.#open(this.#db, userId, id, findImport);
    const account = await this.#account(this.#db, userId, accountId ?? row.accountId);
    if (account.id !== row.accountId) await setImportAccount(this.#db, userId, row.id, account.id);
    const { read, remembered } = await this.#readWith(userId, row, account.id, mapping);
    return this.#preview(this.#db, userId, { ...row, accountId: account.id }, account, read, accounts, remembered);
  }

  /**
   * Imports the file's rows. While rows can not be read under the mapping the commit is refused at
   * `mapping` (or `file` when none was sent), naming the first; `skipProblemRows` leaves them out.
   * A CSV's mapping is remembered for the account and the file's shape.
   */
  async commit(
    userId: string,
    id: string,
    mapping: CsvMappingBody | undefined,
    accountId?: string,
    accounts?: SentAccount[],
    options: { skipProblemRows?: boolean } = {},
  ): Promise<CommitAnswer> {
    const { row, token, account } = await this.#claim(userId, id, accountId);
    const renew = async (tx: Db) => {
      if (!(await holdsClaim(tx, userId, row.id, token, this.#clock.now()))) throw conflict(IMPORT_IN_PROGRESS);
    };
    try {
      // What a commit that died left staged goes first: its bank ids would hold this file's back.
      await untilDone(this.#db, async (tx) => {
        await renew(tx);
        return discardStaged(tx, userId, this.#discardRows);
      });
      const { read } = await this.#readWith(userId, row, account.id, mapping);
      refuseUnread(read, mapping ? 'mapping' : 'file', options.skipProblemRows ?? false);
      // Each row's account: the import's, or (a file of several accounts) its file account's.
      const targets = await importTargets(this.#db, userId, read, account, accounts, true);
      const accountOf = targetOf(targets);
      // Duplicates are the one engine's (../duplicates): only the same transaction is left out.
      const judged = await judgedByAccount(this.#db, userId, read.rows, accountOf);
      const duplicate = judged.map((j) => j.verdict.kind === 'same');
      const flagged = judged.filter((j) => j.verdict.kind === 'possible').length;
      const unseen = read.rows.filter((_, i) => !duplicate[i]);
      // A paycheck the Money Nest recorded is linked to its deposit, not added (checked again below).
      const deposits = await linkCandidates(this.#db, userId, NEST_DEPOSIT_KIND, unseen);
      const fresh = unseen.filter((_, i) => !deposits.has(i));
      const held = await countLive(this.#db, userId, WALLET_KIND);
      if (held + fresh.length > this.#limits.maxTransactions) throw this.#tooMany(held, fresh.length);
      // The outside accounts made (if new) in a transaction of their own, before any row is staged.
      // The user's rules, compiled once, decide each row's payee and category (decisions.md "Rules").
      const rules = await userRules(this.#db, userId);
      const journal = await this.#db.transaction((tx) =>
        bankRowJournals(
          tx,
          userId,
          unseen.map((r) => ({
            payee: r.payee,
            amountCents: r.amountCents,
            accountId: accountOf(r).id,
            bankCategory: r.bankCategory,
          })),
          this.#clock.now(),
          rules,
        ),
      );
      const builtOf = (r: ImportRow) =>
        journal(
          {
            date: r.date,
            payee: r.payee,
            note: r.note,
            amountCents: r.amountCents,
            externalId: r.fitid,
            bankCategory: r.bankCategory,
          },
          accountOf(r).id,
        );
      // The tags the rules add, written when the batch is published (bank-journals.ts RuleTags).
      const ruleTags = new RuleTags();
      let inserted = 0;
      await inShortTransactions(this.#db, fresh, this.#limits.stageChunkRows, async (tx, chunk) => {
        await renew(tx);
        inserted += await stageBankJournals(tx, userId, row.id, chunk.map(builtOf), ruleTags);
      });
      const rowOf = new Map<NewLink, ImportRow>();
      for (const [i, deposit] of deposits) {
        const r = unseen[i];
        if (r) rowOf.set(linkOf(r, deposit, accountOf(r), row.id, this.#clock.now()), r);
      }
      let linked = 0;
      await this.#db.transaction(async (tx) => {
        // The Nest's row first, as every Wallet write takes it; then the claim, still this commit's.
        if (!(await lockNestAccount(tx, userId))) throw notFound(NO_IMPORT);
        await renew(tx);
        // The accounts, locked against their deletion (in id order), must still be open.
        for (const used of [...targets.used].sort((a, b) => (a.id < b.id ? -1 : 1))) {
          const target = await lockOwnAccount(tx, userId, used.id);
          const field = targets.accounts.length > 0 ? 'accounts' : 'account_id';
          if (!target || !isOwnAccount(target)) throw invalidField(field, 'Choose one of your accounts');
        }
        // Each deposit locked and found still live and unlinked; one reversed meanwhile leaves its row added.
        const { linked: written, refused } = await link(tx, userId, [...rowOf.keys()]);
        linked = written.length;
        if (refused.length > 0) {
          const added = refused.flatMap((l) => {
            const r = rowOf.get(l);
            return r ? [builtOf(r)] : [];
          });
          inserted += await stageBankJournals(tx, userId, row.id, added, ruleTags);
        }
        await publish(tx, userId, row.id, this.#clock.now());
        await ruleTags.write(tx, userId, this.#clock.now());
        await markCommitted(tx, userId, row.id, inserted, this.#clock.now());
        await rememberTargets(tx, userId, targets, this.#clock.now());
        if (read.shape !== null && read.mapping !== null) {
          await rememberMapping(tx, userId, account.id, read.shape, mappingToBody(read.mapping), this.#clock.now());
        }
        // Hand entries made while the rows were staged count too.
        const now = await countLive(tx, userId, WALLET_KIND);
        if (now > this.#limits.maxTransactions) throw this.#tooMany(now - inserted, inserted);
      });
      const duplicates = read.rows.length - inserted - linked;
      // Money moved between two of the user's accounts, or to a loan, found in the new rows.
      const { transfers, loanPayments } = await this.#db.transaction(async (tx) =>
        (await lockNestAccount(tx, userId))
          ? findMoves(tx, userId, { batchId: row.id }, this.#clock.now()).then(async (moves) => {
              // Bills and paychecks of the recurring series, matched to their due dates.
              const matched = await matchFreshTransactions(tx, userId, { batchId: row.id }, this.#clock.now());
              // Paychecks the user sends through the Money Nest: the Nest records and splits them.
              await depositThroughNest(tx, userId, this.#nest, matched, this.#clock.now());
              return moves;
            })
          : { transfers: [], loanPayments: [] },
      );
      moneyChanged(userId);
      return {
        result: {
          id: row.id,
          inserted,
          duplicates,
          nest_deposits: linked,
          transfers: transfers.length,
          loan_payments: loanPayments.length,
        },
        message: `${plural(inserted, 'transaction')} imported${linked > 0 ? `, ${recognised(linked)}` : ''}${transfers.length > 0 ? `, ${plural(transfers.length, 'transfer')} between your accounts found` : ''}${loanPayments.length > 0 ? `, ${plural(loanPayments.length, 'loan payment')} recorded in My Loans` : ''}${duplicates > 0 ? `, ${plural(duplicates, 'duplicate')} left out` : ''}${possibleNote(flagged)}${zeroNote(read)}${roundedNote(read)}${leftOutNote(read, options.skipProblemRows ?? false)}`,
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
   * it is committed, or when a live commit of the user (this import's or another's) is staging. Its
   * account (`accountId` when given) must be an open account of the user's.
   */
  #claim(
    userId: string,
    id: string,
    accountId: string | undefined,
  ): Promise<{ row: WalletImportRow & { content: string }; token: string; account: LedgerAccount }> {
    return this.#db.transaction(async (tx) => {
      // The import gone with the Nest is a 404.
      if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_IMPORT);
      const row = await this.#open(tx, userId, id, lockImport);
      const account = await ownAccountOrFieldError(tx, userId, accountId ?? row.accountId, 'account_id');
      const now = this.#clock.now();
      const liveSince = new Date(now.getTime() - STAGING_LEASE_MS);
      const ownLive = row.stagingAt !== null && row.stagingAt >= liveSince;
      if (ownLive || (await liveStagingOf(tx, userId, row.id, liveSince))) throw conflict(IMPORT_IN_PROGRESS);
      if (account.id !== row.accountId) await setImportAccount(tx, userId, row.id, account.id);
      const token = randomUUID();
      await claimStaging(tx, userId, row.id, token, now);
      return { row: { ...row, accountId: account.id }, token, account };
    });
  }

  /** A failed commit: its staged journals discarded in short transactions, then the claim given up. */
  async #abandon(userId: string, id: string, token: string): Promise<void> {
    // A claim taken over by a later commit is that commit's to clean.
    await untilDone(this.#db, async (tx) =>
      (await holdsClaim(tx, userId, id, token, this.#clock.now())) ? discardStaged(tx, userId, this.#discardRows) : 0,
    );
    await releaseClaim(this.#db, userId, id, token);
  }

  /** The account `accountId` of the user's, or the Wallet when none is named. */
  #account(db: Db, userId: string, accountId: string | undefined): Promise<LedgerAccount> {
    return accountId === undefined
      ? walletAccountOf(db, userId, this.#clock.now())
      : ownAccountOrFieldError(db, userId, accountId, 'account_id');
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
    if (!isUuid(id)) throw notFound(NO_IMPORT);
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

  /**
   * The file read with the mapping sent; without one, a CSV is read with the mapping remembered for
   * the account and the file's shape when there is one, else with the guess.
   */
  async #readWith(
    userId: string,
    file: { format: ImportFormat; content: string },
    accountId: string,
    mapping: CsvMappingBody | undefined,
  ): Promise<{ read: ReadFile; remembered: boolean }> {
    const read = await this.#read(file, mapping);
    if (mapping) return { read, remembered: false };
    return this.#readRemembering(userId, file, accountId, read);
  }

  async #readRemembering(
    userId: string,
    file: { format: ImportFormat; content: string },
    accountId: string,
    guessed: ReadFile,
  ): Promise<{ read: ReadFile; remembered: boolean }> {
    if (guessed.shape === null) return { read: guessed, remembered: false };
    const known = await rememberedMapping(this.#db, userId, accountId, guessed.shape);
    if (!known) return { read: guessed, remembered: false };
    try {
      return { read: await this.#read(file, known), remembered: true };
    } catch (e) {
      // A remembered mapping that no longer fits the file (it can not, for the same header) is forgotten here.
      if (e instanceof HttpError) return { read: guessed, remembered: false };
      throw e;
    }
  }

  async #preview(
    db: Db,
    userId: string,
    row: WalletImportRow,
    account: LedgerAccount,
    read: ReadFile,
    accounts?: SentAccount[],
    remembered = false,
  ): Promise<PreviewAnswer> {
    const targets = await importTargets(db, userId, read, account, accounts, false);
    const judged = await judgedByAccount(db, userId, read.rows, targets.accountOf);
    const duplicate = judged.map((j) => j.verdict.kind === 'same');
    const duplicates = duplicate.filter(Boolean).length;
    const flagged = judged.filter((j) => j.verdict.kind === 'possible').length;
    const unseen = read.rows.flatMap((r, i) => (duplicate[i] ? [] : [{ ...r, i }]));
    const deposits = await linkCandidates(db, userId, NEST_DEPOSIT_KIND, unseen);
    const isDeposit = new Set([...deposits.keys()].map((at) => unseen[at]?.i));
    const where = targets.accounts.length > 0 ? 'their accounts' : isNestWallet(account) ? 'your Wallet' : account.name;
    return {
      preview: {
        id: row.id,
        account_id: account.id,
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
          bank_category: r.bankCategory,
          duplicate: duplicate[i] ?? false,
          possible_duplicate: judged[i]?.candidate ?? null,
          nest_deposit: isDeposit.has(i),
          account_key:
            targets.accounts.length > 0 && r.account !== undefined ? (read.accounts[r.account]?.key ?? null) : null,
        })),
        total: read.rows.length,
        duplicates,
        possible_duplicates: flagged,
        nest_deposits: deposits.size,
        accounts: targets.accounts,
        left_out: read.leftOut,
        problems: read.problems.slice(0, PREVIEW_PROBLEMS),
        problem_count: read.problems.length,
        pending: read.pendingLines.length,
        footer: read.footerLines.length,
        mapping_remembered: remembered,
      },
      message: `${plural(read.rows.length, 'transaction')} read${duplicates > 0 ? `, ${duplicates.toLocaleString('en-US')} already in ${where}` : ''}${deposits.size > 0 ? `, ${recognised(deposits.size)}` : ''}${possibleNote(flagged)}${zeroNote(read)}${roundedNote(read)}${leftOutNote(read, false)}${problemNote(read)}`,
    };
  }
}

/** Every row's account, once the commit has checked that each has one. */
function targetOf(targets: Targets): (row: ImportRow) => LedgerAccount {
  return (row) => {
    const account = targets.accountOf(row);
    if (!account) throw new Error('a row of the file has no account to go into');
    return account;
  };
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

const recognised = (n: number) =>
  `${n.toLocaleString('en-US')} recognised as ${n === 1 ? 'a Money Nest deposit' : 'Money Nest deposits'} (recorded once)`;

/** A file's row to be linked to the Nest deposit it is. */
function linkOf(row: ImportRow, deposit: LinkCandidate, account: LedgerAccount, importId: string, now: Date): NewLink {
  return {
    journalId: deposit.id,
    accountId: account.id,
    date: row.date,
    description: row.payee,
    note: row.note,
    amountCents: row.amountCents as Cents,
    externalId: row.fitid,
    batchId: importId,
    createdAt: now,
  };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** Pending rows and a footer, left out; and the rows that could not be read, when the user left them out. */
function leftOutNote(read: ReadFile, problemsLeftOut: boolean): string {
  const notes = [
    read.pendingLines.length > 0 ? `${plural(read.pendingLines.length, 'pending row')} left out` : '',
    read.footerLines.length > 0
      ? `${plural(read.footerLines.length, 'line')} after the last transaction (a footer) left out`
      : '',
    problemsLeftOut && read.problems.length > 0
      ? `${plural(read.problems.length, 'row')} that could not be read left out`
      : '',
  ].filter(Boolean);
  return notes.length === 0 ? '' : `; ${notes.join('; ')}`;
}

function problemNote(read: ReadFile): string {
  const first = read.problems[0];
  if (!first) return '';
  return `; ${plural(read.problems.length, 'row')} can not be read (line ${first.line}: ${first.message})`;
}

/**
 * A commit of a file with rows the mapping can not read is refused until the user remaps it or
 * leaves those rows out; a file with no row to import at all is refused whatever was chosen.
 */
function refuseUnread(read: ReadFile, field: 'file' | 'mapping', skipProblemRows: boolean): void {
  const first = read.problems[0];
  if (first && !skipProblemRows) {
    const more = read.problems.length - 1;
    const message = `Line ${first.line}: ${first.message}${more > 0 ? ` (and ${plural(more, 'more row')})` : ''}. Change the columns, or leave the rows that can not be read out.`;
    throw invalidField(field, message, { summary: message });
  }
  if (read.rows.length === 0) {
    const message =
      read.zeroLines.length > 0
        ? 'Every row of the file is $0: there is nothing to import'
        : 'The file has no transactions to import';
    throw invalidField(field, message, { summary: message });
  }
}

/** Rows imported but flagged: the user merges or keeps them in My Wallet. */
const possibleNote = (n: number) => (n > 0 ? `, ${plural(n, 'possible duplicate')} flagged` : '');

function zeroNote(read: ReadFile): string {
  const lines = read.zeroLines;
  if (lines.length === 0) return '';
  const shown = lines.slice(0, 5).join(', ') + (lines.length > 5 ? '…' : '');
  return `; ${plural(lines.length, 'row')} of $0 left out (line${lines.length === 1 ? '' : 's'} ${shown})`;
}

import { randomUUID } from 'node:crypto';
import { pipeline, type Readable, Writable } from 'node:stream';
import { pipeline as pipelineDone } from 'node:stream/promises';
import { hasUnstorableText } from '@helo/contract/fields';
import {
  VAULT_FILE_MAX_BYTES,
  VAULT_KINDS,
  VAULT_MAX_FILES,
  VAULT_NAME_MAX,
  VAULT_QUOTA_BYTES,
  type VaultFile,
  type VaultKind,
  type VaultStatus,
} from '@helo/contract/vault';
import type { Db } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  decryptStream,
  encryptStream,
  FileDamagedError,
  fileContext,
  newDataKey,
  unwrapDataKey,
  wrapDataKey,
} from './file-cipher.ts';
import { FileNotStoredError, type FileStorage } from './file-storage.ts';
import { NOT_TAKEN } from './sniff-kind.ts';
import { UploadCheck, UploadRefusedError } from './upload-check.ts';
import * as repo from './vault.repository.ts';

export const ACTIVATE_FIRST = 'Activate the Vault first: its files are kept only once it is active';
const FILE_NOT_FOUND = 'No file in your Vault has this id';
export const FILE_TOO_LARGE = 'The file is larger than 20 MB, the most the Vault takes for one file';
export const OVER_QUOTA =
  'This file would take your Vault past 500 MB: delete files you no longer need, or choose a smaller one';
export const TOO_MANY_FILES = `Your Vault holds ${VAULT_MAX_FILES.toLocaleString('en-US')} files, the most it keeps: delete some to add more`;
export const DAMAGED =
  "This file is damaged in storage and can not be opened safely, so it was not sent. Contact support and we'll look into it";
const EMPTY = 'The file is empty';
const UNSTORABLE_NAME = "The file's name contains a character that is not allowed: rename it and upload it again";

/** One upload's file part: its name as the browser sent it, and its bytes, read once. */
export interface Upload {
  fileName: string | undefined;
  stream: Readable;
  /** True when the multipart limit cut the file (a safety net: the check stops it first). */
  truncated?: () => boolean;
}

/** A file's plaintext, verified, ready to send. */
export interface OpenedFile {
  file: VaultFile;
  stream: Readable;
}

const fileView = (row: repo.VaultFileRow): VaultFile => {
  const kind = row.kind as VaultKind;
  return {
    id: row.id,
    name: row.name,
    kind,
    mime_type: VAULT_KINDS[kind].mime,
    size_bytes: row.sizeBytes,
    uploaded_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

const statusView = (row: repo.VaultAccountRow | undefined): VaultStatus => ({
  active: row !== undefined,
  activated_at: row ? row.activatedAt.toISOString() : null,
  used_bytes: row?.usedBytes ?? 0,
  quota_bytes: VAULT_QUOTA_BYTES,
  file_max_bytes: VAULT_FILE_MAX_BYTES,
  file_count: row?.fileCount ?? 0,
  max_files: VAULT_MAX_FILES,
});

const fileError = (status: 400 | 413, message: string) => new HttpError(status, message, [{ path: 'file', message }]);

/**
 * The Vault (issue 17, decisions.md "Vault, tools waitlist and Home"): a user's documents, encrypted
 * with a key of their own (wrapped under VAULT_KEY) and kept in the file storage as ciphertext only;
 * their metadata and the quota's totals in the database. A file's bytes are written before its row
 * (a row never names missing bytes) and removed after its row (a rollback never loses bytes a row
 * still names); bytes a failed upload left behind are removed on the spot.
 */
export class VaultService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #storage: FileStorage;
  readonly #vaultKey: Buffer;
  readonly #log: FastifyBaseLogger;

  constructor(deps: { db: Db; clock: Clock; storage: FileStorage; vaultKey: Buffer; log: FastifyBaseLogger }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#storage = deps.storage;
    this.#vaultKey = deps.vaultKey;
    this.#log = deps.log;
  }

  async status(userId: string): Promise<VaultStatus> {
    return statusView(await repo.findVaultAccount(this.#db, userId));
  }

  /** Activates the Vault; `created` is false when it was active already (the same answer, nothing changed). */
  async activate(userId: string): Promise<{ status: VaultStatus; created: boolean }> {
    const inserted = await repo.insertVaultAccount(this.#db, userId, this.#clock.now());
    if (inserted) return { status: statusView(inserted), created: true };
    return { status: await this.status(userId), created: false };
  }

  async list(userId: string): Promise<VaultFile[]> {
    await this.#active(userId);
    return (await repo.listFiles(this.#db, userId)).map(fileView);
  }

  async get(userId: string, id: string): Promise<VaultFile> {
    return fileView(await this.#file(userId, id));
  }

  async rename(userId: string, id: string, name: string): Promise<VaultFile> {
    await this.#file(userId, id);
    const row = await repo.renameFile(this.#db, userId, id, name, this.#clock.now());
    if (!row) throw notFound(FILE_NOT_FOUND);
    return fileView(row);
  }

  /** Deletes the row and takes it off the totals in one transaction; the bytes go once that committed. */
  async remove(userId: string, id: string): Promise<{ file: VaultFile; vault: VaultStatus }> {
    await this.#file(userId, id);
    const { row, account } = await this.#db.transaction(async (tx) => {
      if (!(await repo.lockVaultAccount(tx, userId))) throw forbidden(ACTIVATE_FIRST);
      const deleted = await repo.deleteFile(tx, userId, id);
      // Deleted a moment ago by another request (the other tab's delete): the same 404 as a wrong id.
      if (!deleted) throw notFound(FILE_NOT_FOUND);
      return { row: deleted, account: await repo.addToTotals(tx, userId, -deleted.sizeBytes, -1) };
    });
    await this.#removeBytes(row.storageKey);
    return { file: fileView(row), vault: statusView(account) };
  }

  /**
   * The checks an upload passes before its body is read: the Vault is active and has room for one
   * more file. The transaction that records the file checks again under the row lock.
   */
  async admit(userId: string): Promise<repo.VaultAccountRow> {
    const account = await this.#active(userId);
    if (account.fileCount >= VAULT_MAX_FILES) throw conflict(TOO_MANY_FILES);
    if (account.usedBytes >= VAULT_QUOTA_BYTES) throw fileError(413, OVER_QUOTA);
    return account;
  }

  /**
   * Streams one file in: the check (kind, size, quota, text) → encryption → the storage, under the
   * key `<user id>/<file id>`; then one transaction locks the Vault's row, checks the quota and the
   * count again (two uploads at once can not both pass), adds the row and the totals.
   */
  async upload(userId: string, upload: Upload): Promise<{ file: VaultFile; vault: VaultStatus }> {
    const account = await this.admit(userId);
    const name = uploadName(upload.fileName);
    const id = randomUUID();
    const storageKey = `${userId}/${id}`;
    const context = fileContext(userId, id);
    const dataKey = newDataKey();
    const check = new UploadCheck({
      fileName: name,
      fileMax: VAULT_FILE_MAX_BYTES,
      quotaLeft: VAULT_QUOTA_BYTES - account.usedBytes,
    });
    const source = upload.stream;
    let refused: unknown;
    check.once('error', (e) => {
      refused ??= e;
      // The rest of the part is read and dropped, so the request (and any part after it) completes.
      source.unpipe(check);
      source.resume();
    });
    source.on('error', (e) => check.destroy(e));
    source.pipe(check);
    // `pipeline` destroys the encryption with the check's error, which makes the write reject.
    const body = pipeline(check, encryptStream(dataKey, context), () => {});
    try {
      await this.#storage.write(storageKey, body);
    } catch (e) {
      throw uploadError(refused ?? e, name);
    }
    try {
      if (upload.truncated?.()) throw fileError(413, FILE_TOO_LARGE);
      const now = this.#clock.now();
      return await this.#db.transaction(async (tx) => {
        const locked = await repo.lockVaultAccount(tx, userId);
        if (!locked) throw forbidden(ACTIVATE_FIRST);
        if (locked.fileCount >= VAULT_MAX_FILES) throw conflict(TOO_MANY_FILES);
        if (locked.usedBytes + check.bytes > VAULT_QUOTA_BYTES) throw fileError(413, OVER_QUOTA);
        const row = await repo.insertFile(
          tx,
          {
            id,
            userId,
            name,
            kind: check.kind,
            sizeBytes: check.bytes,
            storageKey,
            wrappedKey: wrapDataKey(this.#vaultKey, dataKey, context),
          },
          now,
        );
        const totals = await repo.addToTotals(tx, userId, check.bytes, 1);
        return { file: fileView(row), vault: statusView(totals) };
      });
    } catch (e) {
      await this.#removeBytes(storageKey);
      throw e;
    }
  }

  /**
   * A file's plaintext for download. The whole file is decrypted once into nothing first, so a
   * damaged file (a flipped byte, a cut end, a wrong key) is an error answer before any byte is
   * sent, never a download that stops half-way; then it is read and decrypted again as it is sent
   * (each chunk is still checked before it is released, so a change in between cuts the download
   * off rather than sending altered bytes).
   */
  async open(userId: string, id: string): Promise<OpenedFile> {
    const row = await this.#file(userId, id);
    const dataKey = await this.verify(row);
    if (!dataKey) throw new HttpError(422, DAMAGED);
    return { file: fileView(row), stream: await this.decrypted(row, dataKey) };
  }

  /** The file's data key when every byte of it decrypts and authenticates; undefined (logged) when not. */
  async verify(row: repo.VaultFileRow): Promise<Buffer | undefined> {
    const context = fileContext(row.userId, row.id);
    try {
      const dataKey = unwrapDataKey(this.#vaultKey, row.wrappedKey, context);
      const stored = await this.#storage.read(row.storageKey);
      const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
      await pipelineDone(stored, decryptStream(dataKey, context), discard);
      return dataKey;
    } catch (e) {
      if (!(e instanceof FileDamagedError || e instanceof FileNotStoredError)) throw e;
      this.#log.error({ err: e, userId: row.userId, fileId: row.id }, 'vault: a stored file is damaged or missing');
      return undefined;
    }
  }

  /** The stored bytes through the decryption; the stream errors with FileDamagedError on any change. */
  async decrypted(row: repo.VaultFileRow, dataKey: Buffer): Promise<Readable> {
    const stored = await this.#storage.read(row.storageKey);
    return pipeline(stored, decryptStream(dataKey, fileContext(row.userId, row.id)), () => {});
  }

  async #active(userId: string): Promise<repo.VaultAccountRow> {
    const account = await repo.findVaultAccount(this.#db, userId);
    if (!account) throw forbidden(ACTIVATE_FIRST);
    return account;
  }

  /** The user's file of that id: 403 before activation, 404 for an id that is not the user's. */
  async #file(userId: string, id: string): Promise<repo.VaultFileRow> {
    await this.#active(userId);
    const row = isUuid(id) ? await repo.findFile(this.#db, userId, id) : undefined;
    if (!row) throw notFound(FILE_NOT_FOUND);
    return row;
  }

  /** Bytes no row names any more; a failure is logged (the bytes are ciphertext whose key is gone). */
  async #removeBytes(storageKey: string): Promise<void> {
    try {
      await this.#storage.remove(storageKey);
    } catch (err) {
      this.#log.error({ err, storageKey }, 'vault: could not remove stored bytes');
    }
  }
}

/**
 * The name a file is kept under: the browser's name without any path, line breaks and other control
 * characters turned to spaces, trimmed, at most 200 characters (not cutting a character in two).
 * NUL or a broken character is refused: it is not something a real file name holds.
 */
export function uploadName(raw: string | undefined): string {
  if (raw !== undefined && hasUnstorableText(raw)) throw invalidField('file', UNSTORABLE_NAME);
  const name = (raw ?? '')
    .replace(/^.*[\\/]/, '')
    .replaceAll(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, VAULT_NAME_MAX)
    .replace(/[\ud800-\udbff]$/, '')
    .trim();
  return name || 'Document';
}

/** A refusal of the upload's bytes as its answer; anything else (a storage failure) as it is. */
function uploadError(e: unknown, name: string): unknown {
  if (!(e instanceof UploadRefusedError)) return e;
  switch (e.reason) {
    case 'empty':
      return fileError(400, EMPTY);
    case 'too-large':
      return fileError(413, FILE_TOO_LARGE);
    case 'over-quota':
      return fileError(413, OVER_QUOTA);
    case 'not-taken':
      return fileError(400, `"${name}" ${NOT_TAKEN}`);
  }
}

/** The name a download is saved under: the file's name, with its kind's extension added when it has none of them. */
export function downloadName(name: string, kind: VaultKind): string {
  const extensions: readonly string[] = VAULT_KINDS[kind].extensions;
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return extensions.includes(ext) ? name : `${name}.${extensions[0]}`;
}

import { Readable } from 'node:stream';
import type { VaultKind } from '@helo/contract/vault';
import type { Db } from '@helo/db/client';
import type { ExportedFile, UserFileStore } from '../account/index.ts';
import type { FileStorage } from './file-storage.ts';
import * as repo from './vault.repository.ts';
import { downloadName, type VaultService } from './vault.service.ts';

const DAMAGED_NOTE =
  'This file of your Vault is damaged in storage: it did not pass its integrity check, so Helo left it out ' +
  'of the export rather than give you altered bytes. Contact support and we will look into it.\n';

/**
 * The Vault's part of the account module's export and deletion (issue 16's UserFileStore): each
 * file decrypted under `files/vault/<name>` in the archive, and every stored byte of the user removed
 * once the account's deletion committed.
 */
export class VaultFileStore implements UserFileStore {
  readonly #db: Db;
  readonly #service: VaultService;
  readonly #storage: FileStorage;

  constructor(deps: { db: Db; service: VaultService; storage: FileStorage }) {
    this.#db = deps.db;
    this.#service = deps.service;
    this.#storage = deps.storage;
  }

  /**
   * Every file, verified before the archive starts (as a download is): a damaged one becomes a short
   * note next to where it would be, so one bad file neither breaks the whole export half-way nor
   * hands over bytes that failed their check. Names are unique in the folder (a later "name.pdf"
   * becomes "name (2).pdf"), compared without case as the user's file manager will.
   */
  async list(userId: string): Promise<ExportedFile[]> {
    const rows = (await repo.listFiles(this.#db, userId)).reverse();
    const taken = new Set<string>();
    const files: ExportedFile[] = [];
    for (const row of rows) {
      const dataKey = await this.#service.verify(row);
      const wanted = archiveName(row.name, row.kind as VaultKind);
      if (dataKey) {
        files.push({ path: `vault/${unique(wanted, taken)}`, open: () => this.#service.decrypted(row, dataKey) });
      } else {
        files.push({
          path: `vault/${unique(`${wanted} (damaged).txt`, taken)}`,
          open: async () => Readable.from([Buffer.from(DAMAGED_NOTE)]),
        });
      }
    }
    return files;
  }

  async removeAll(userId: string): Promise<void> {
    await this.#storage.removePrefix(`${userId}/`);
  }
}

/** A name that stays one file inside `vault/`: no folder separators, never only dots. */
function archiveName(name: string, kind: VaultKind): string {
  const flat = downloadName(name, kind).replaceAll(/[\\/]/g, '_');
  return /^\.*$/.test(flat) ? `Document.${kind}` : flat;
}

function unique(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

import type { Readable } from 'node:stream';
import { exportFileName } from '@helo/contract/account';
import type { Db } from '@helo/db/client';
import type { UserTable } from '../../api-module.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidField, unauthorized } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { accountDeletedMail } from '../../mail/templates.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import {
  findUserById,
  MAX_PASSWORD_CHECKS_PER_SESSION,
  recordFailedPasswordCheck,
  revokeSession,
} from '../auth/index.ts';
import * as repo from './account.repository.ts';
import { type ExportedFile, exportArchive, type UserRows } from './export-archive.ts';

/**
 * Files a user keeps outside the database (the Vault, issue 17). The export adds them under
 * `files/`; a deleted account's files are removed after the deletion committed, so a rollback never
 * loses a file whose rows are still there.
 */
export interface UserFileStore {
  list(userId: string): Promise<ExportedFile[]>;
  removeAll(userId: string): Promise<void>;
}

/**
 * A file another module makes from the user's data for the export, at the archive's root beside
 * data.json (My Wallet's `transactions.csv`, issue 31 item 6): written while the client reads.
 */
export interface GeneratedExport {
  readonly path: string;
  /** What the README says of it. */
  readonly about: string;
  open(userId: string): Promise<Readable>;
}

/** Two-factor sign-in (TwoFactorService): whether it is on, and a code checked (a 400 naming `code` when wrong). */
export interface SecondFactor {
  isEnabled(userId: string): Promise<boolean>;
  confirmCode(userId: string, code: string): Promise<void>;
}

export interface ExportDownload {
  fileName: string;
  stream: Readable;
}

const WRONG_PASSWORD = 'Your password is incorrect';
const CODE_REQUIRED = 'Enter a code from your authenticator app or a recovery code';

export class AccountService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #sessionCache: SessionCache;
  readonly #supportEmail: string;
  readonly #secondFactor: SecondFactor;
  readonly #fileStores: UserFileStore[];
  readonly #generated: GeneratedExport[];
  readonly #userTables: UserTable[];

  constructor(deps: {
    db: Db;
    clock: Clock;
    mailer: Mailer;
    sessionCache: SessionCache;
    supportEmail: string;
    secondFactor: SecondFactor;
    fileStores?: UserFileStore[];
    generated?: GeneratedExport[];
    /** Every module's tables that hold a user's rows (modules/registry.ts): what the export reads. */
    userTables: UserTable[];
  }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#mailer = deps.mailer;
    this.#sessionCache = deps.sessionCache;
    this.#supportEmail = deps.supportEmail;
    this.#secondFactor = deps.secondFactor;
    this.#fileStores = deps.fileStores ?? [];
    this.#generated = deps.generated ?? [];
    this.#userTables = deps.userTables;
  }

  /**
   * Everything the user has, read in one repeatable-read transaction so the files agree with each
   * other (a ledger and its balance, a budget and its categories), then zipped while it is sent.
   */
  async exportData(userId: string): Promise<ExportDownload> {
    const now = this.#clock.now();
    const rows = await this.#db.transaction(
      async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw unauthorized();
        const out: UserRows = {};
        for (const t of this.#userTables) out[t.name] = await repo.readUserRows(tx, t, user);
        return out;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const files = (await Promise.all(this.#fileStores.map((s) => s.list(userId)))).flat();
    const generated = this.#generated.map((g) => ({ path: g.path, about: g.about, open: () => g.open(userId) }));
    return {
      fileName: exportFileName(productToday(now)),
      stream: exportArchive(this.#userTables, rows, files, now, generated),
    };
  }

  /**
   * Deletes the account: the password (and a second factor when two-factor sign-in is on) first,
   * then every row of the user in one transaction, the goodbye mail queued in it. Sessions end with
   * their rows; this server forgets them at once, the others within the session cache's 5 s.
   */
  async deleteAccount(userId: string, sessionId: string, password: string, code: string | undefined): Promise<void> {
    const user = await findUserById(this.#db, userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, password))) {
      // As change-password: a stolen session guessing the password is signed out after a few tries.
      const failures = await recordFailedPasswordCheck(this.#db, sessionId);
      if (failures >= MAX_PASSWORD_CHECKS_PER_SESSION) {
        await revokeSession(this.#db, sessionId, 'too_many_password_checks', this.#clock.now());
        this.#sessionCache.forgetSession(sessionId);
        throw unauthorized('Too many wrong passwords. For your safety you were signed out; please log in again.');
      }
      throw invalidField('password', WRONG_PASSWORD, { summary: WRONG_PASSWORD });
    }
    if (await this.#secondFactor.isEnabled(userId)) {
      if (!code) throw invalidField('code', CODE_REQUIRED, { summary: CODE_REQUIRED });
      await this.#secondFactor.confirmCode(userId, code);
    }

    const mail = accountDeletedMail(user.email, user.firstName, this.#supportEmail);
    await this.#db.transaction(async (tx) => {
      const locked = await repo.lockUserForDeletion(tx, userId);
      if (!locked) throw unauthorized();
      await repo.deleteRowsOutsideCascade(tx, this.#userTables, { id: userId, email: locked.email });
      await repo.deleteUser(tx, userId);
      await this.#mailer.queue(tx, mail);
    });
    this.#sessionCache.forgetUser(userId);
    this.#mailer.afterCommit([mail]);
  }

  /** After the deletion committed: the user's stored files (none until the Vault). */
  async removeStoredFiles(userId: string): Promise<void> {
    for (const store of this.#fileStores) await store.removeAll(userId);
  }
}

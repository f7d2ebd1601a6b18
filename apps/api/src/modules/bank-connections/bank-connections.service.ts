import { randomUUID } from 'node:crypto';
import type { AccountBody } from '@helo/contract/accounts';
import {
  type BankConnection,
  type BankConnectionBody,
  type BankMappingBody,
  type BankSyncResult,
  MAX_BANK_CONNECTIONS,
  type newAccountTarget,
} from '@helo/contract/bank-connections';
import type { Db } from '@helo/db/client';
import type { BankConnectionAccountRow, BankConnectionRow } from '@helo/db/schema';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { moneyChanged } from '../../lib/money-changed.ts';
import { openText, SecretBoxError, sealText } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type AccountsService, ownAccountOrFieldError } from '../accounts/index.ts';
import { accountsOf } from '../ledger/index.ts';
import { lockNestAccount, NOT_ACTIVE } from '../nest/index.ts';
import { insertNotification } from '../notifications/index.ts';
import type { NestDeposits, WalletLimits } from '../wallet/index.ts';
import * as repo from './bank-connections.repository.ts';
import { syncAccount } from './bank-sync.ts';
import { type BankProvider, type ProviderAnswer, ProviderError } from './providers/provider.ts';

const DAY_MS = 86_400_000;
export const NO_CONNECTION = 'Bank connection not found';
/** The first sync reaches this far back. */
export const FIRST_SYNC_DAYS = 90;
/** Each later sync starts this long before the last one: late postings land, the bank ids absorb the overlap. */
export const OVERLAP_DAYS = 5;
/** The daily job syncs a connection not tried for this long. */
const DAILY_MS = 20 * 60 * 60_000;

export interface BankConnectionsOptions {
  providers: Record<'simplefin', BankProvider>;
  /** The master keys (the first seals) of lib/secret-box.ts. */
  keys: readonly Buffer[];
  limits: WalletLimits;
  /** The Money Nest's deposit, for paychecks the user sends through it (issue 30 item 3). */
  nest?: NestDeposits;
}

type CreateTarget = z.output<typeof newAccountTarget>;

/**
 * The user's bank connections (issue 28 item 3; decisions.md "Bank connections"): a setup token is
 * claimed for its credential, kept sealed for the connection's row; the bank's accounts are listed,
 * mapped by the user to accounts of theirs, and synced into the ledger as My Wallet's transactions
 * (bank-sync.ts). A failure is kept on the connection and notified once per new message; nothing
 * already imported is lost. Writes take the Nest's row first, as every Wallet write does.
 */
export class BankConnectionsService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #accounts: AccountsService;
  readonly #options: BankConnectionsOptions;

  constructor(db: Db, clock: Clock, accounts: AccountsService, options: BankConnectionsOptions) {
    this.#db = db;
    this.#clock = clock;
    this.#accounts = accounts;
    this.#options = options;
  }

  async list(userId: string): Promise<BankConnection[]> {
    return this.#db.transaction(async (tx) => this.#views(tx, userId, await repo.connectionsOf(tx, userId)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  /**
   * Claims the token (a 400 at `setup_token` when it is not one, or the bridge refuses it), keeps the
   * sealed credential, and lists the bank's accounts; a failing list is kept on the connection.
   */
  async create(userId: string, body: BankConnectionBody): Promise<BankConnection> {
    await this.#db.transaction(async (tx) => {
      if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      if ((await repo.countConnections(tx, userId)) >= MAX_BANK_CONNECTIONS) {
        throw conflict(`You can keep at most ${MAX_BANK_CONNECTIONS} bank connections. Disconnect one first.`);
      }
    });
    const provider = this.#options.providers[body.provider];
    let credential: string;
    try {
      credential = await provider.claim(body.setup_token);
    } catch (e) {
      if (e instanceof ProviderError) throw invalidField('setup_token', e.message, { summary: e.message });
      throw e;
    }
    const id = randomUUID();
    const now = this.#clock.now();
    const row = await repo.insertConnection(this.#db, userId, {
      id,
      provider: body.provider,
      accessSealed: sealText(this.#key, credential, sealContext(userId, id)),
      name: hostOf(credential),
      createdAt: now,
    });
    // The accounts and balances of today only: nothing is imported before the user maps them.
    await this.#fetch(row, { start: now, end: new Date(now.getTime() + DAY_MS) }, false);
    return this.#view(userId, id);
  }

  /** Saves where each bank account syncs to, making the new accounts asked for, in one transaction. */
  async map(userId: string, id: string, body: BankMappingBody): Promise<BankConnection> {
    await this.#db.transaction(async (tx) => {
      if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_CONNECTION);
      const connection = await repo.findConnection(tx, userId, id, true);
      if (!connection) throw notFound(NO_CONNECTION);
      const known = await repo.bankAccountsOf(tx, userId, [id]);
      const seen = new Set<string>();
      const chosen = new Map<string, string | null>();
      for (const [i, item] of body.accounts.entries()) {
        const bank = known.find((b) => b.id === item.id);
        if (!bank) throw invalidField(`accounts.${i}.id`, 'Choose one of the bank accounts of this connection');
        if (seen.has(bank.id)) throw invalidField(`accounts.${i}.id`, `${bank.name} is listed twice`);
        seen.add(bank.id);
        const path = `accounts.${i}.account`;
        const target = item.account;
        if (target === null) chosen.set(bank.id, null);
        else if (typeof target === 'string')
          chosen.set(bank.id, (await ownAccountOrFieldError(tx, userId, target, path)).id);
        else chosen.set(bank.id, await this.#newAccount(tx, userId, target as CreateTarget, bank, path));
      }
      const after = new Map(known.map((b) => [b.id, chosen.has(b.id) ? chosen.get(b.id) : b.accountId]));
      const targets = [...after.values()].filter((v): v is string => typeof v === 'string');
      const twice = targets.find((t, i) => targets.indexOf(t) !== i);
      if (twice) {
        const i = body.accounts.findIndex((item) => after.get(item.id) === twice);
        throw invalidField(`accounts.${Math.max(0, i)}.account`, 'Two bank accounts cannot sync into one account');
      }
      for (const [bankId, accountId] of chosen) await repo.setMapping(tx, userId, bankId, accountId);
    });
    return this.#view(userId, id);
  }

  /** Syncs now: the answer is the connection as it stands after, its error included. */
  async sync(userId: string, id: string): Promise<BankSyncResult & { message: string }> {
    const connection = isUuid(id) ? await repo.findConnection(this.#db, userId, id) : undefined;
    if (!connection) throw notFound(NO_CONNECTION);
    const now = this.#clock.now();
    const from = connection.lastSyncedAt
      ? connection.lastSyncedAt.getTime() - OVERLAP_DAYS * DAY_MS
      : now.getTime() - FIRST_SYNC_DAYS * DAY_MS;
    const outcome = await this.#fetch(
      connection,
      { start: new Date(from), end: new Date(now.getTime() + DAY_MS) },
      true,
    );
    const view = await this.#view(userId, id);
    const message = outcome.error
      ? `The sync failed: ${outcome.error}`
      : `${plural(outcome.added, 'transaction')} added${outcome.replaced > 0 ? `, ${plural(outcome.replaced, 'pending transaction')} posted` : ''}${outcome.linked > 0 ? `, ${outcome.linked.toLocaleString('en-US')} recognised as ${outcome.linked === 1 ? 'a Money Nest deposit' : 'Money Nest deposits'} (recorded once)` : ''}`;
    return { connection: view, added: outcome.added, replaced: outcome.replaced, message };
  }

  /** Deletes the connection and its sealed credential; what it imported stays in the accounts. */
  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await repo.deleteConnection(this.#db, userId, id))) throw notFound(NO_CONNECTION);
  }

  /** The daily job: every connection not tried for 20 hours, one after another. */
  async syncDue(limit = 500): Promise<{ synced: number; failed: number }> {
    const due = await repo.connectionsDue(this.#db, new Date(this.#clock.now().getTime() - DAILY_MS), limit);
    let synced = 0;
    let failed = 0;
    for (const { id, userId } of due) {
      const result = await this.sync(userId, id).catch(() => undefined);
      if (result && result.connection.status !== 'error') synced += 1;
      else failed += 1;
    }
    return { synced, failed };
  }

  /**
   * Reads the bank, refreshes its accounts and balances and, when `importing`, syncs each mapped
   * account. A failure is kept on the connection (and notified when it is new), never thrown.
   */
  async #fetch(
    connection: BankConnectionRow,
    window: { start: Date; end: Date },
    importing: boolean,
  ): Promise<{ error: string | null; added: number; replaced: number; linked: number }> {
    const { userId, id } = connection;
    const now = this.#clock.now();
    let answer: ProviderAnswer;
    try {
      const credential = openText(this.#options.keys, connection.accessSealed, sealContext(userId, id));
      answer = await this.#options.providers[connection.provider].fetchAccounts(credential, window);
    } catch (e) {
      // A credential that no longer opens (the server's key changed) is a failure to show, not a 500.
      if (!(e instanceof ProviderError) && !(e instanceof SecretBoxError)) throw e;
      const message =
        e instanceof ProviderError ? e.message : 'Helo can no longer read this connection. Connect it again.';
      await this.#failed(connection, message, [], now);
      return { error: message, added: 0, replaced: 0, linked: 0 };
    }
    await repo.saveBankAccounts(
      this.#db,
      userId,
      id,
      answer.accounts.map((a) => ({
        externalId: a.id,
        name: a.name.slice(0, 200) || 'Account',
        currency: a.currency.slice(0, 200),
        institution: a.institution?.slice(0, 200) ?? null,
        bankBalanceCents: a.balanceCents,
        availableBalanceCents: a.availableCents,
        balanceDate: a.balanceDate,
      })),
      now,
    );
    const name = answer.accounts.find((a) => a.institution)?.institution?.slice(0, 200);
    let added = 0;
    let replaced = 0;
    let linked = 0;
    if (importing) {
      const mapped = (await repo.bankAccountsOf(this.#db, userId, [id])).filter((b) => b.accountId !== null);
      try {
        for (const bank of mapped) {
          const fromBank = answer.accounts.find((a) => a.id === bank.externalId);
          if (!fromBank) continue;
          const done = await syncAccount(
            this.#db,
            this.#clock,
            this.#options.limits,
            connection,
            bank,
            fromBank,
            (tx, account, cents, day) => this.#accounts.on(tx).openFromBank(userId, account, cents, day),
            this.#options.nest,
          );
          added += done.added;
          replaced += done.replaced;
          linked += done.linked;
        }
      } catch (e) {
        const refused = asRefusal(e);
        await this.#failed(connection, refused.message, answer.messages, now);
        return { error: refused.message, added, replaced, linked };
      }
    }
    await repo.saveOutcome(this.#db, userId, id, {
      at: now,
      error: null,
      bankMessages: answer.messages,
      synced: importing,
      ...(name ? { name } : {}),
    });
    if (answer.messages.length > 0)
      await this.#notify(connection, answer.messages.join(' '), connection.bankMessages, now);
    if (added + replaced + linked > 0) moneyChanged(userId);
    return { error: null, added, replaced, linked };
  }

  async #failed(connection: BankConnectionRow, message: string, bankMessages: string[], now: Date): Promise<void> {
    await repo.saveOutcome(this.#db, connection.userId, connection.id, {
      at: now,
      error: message,
      bankMessages,
      synced: false,
    });
    await this.#notify(connection, message, connection.error, now);
  }

  /** One notification per new message: the same failure again the next day says nothing more. */
  async #notify(connection: BankConnectionRow, message: string, before: string | null, now: Date): Promise<void> {
    if (before !== null && before.replaceAll('\n', ' ') === message) return;
    await insertNotification(
      this.#db,
      connection.userId,
      {
        kind: 'bank_connection_error',
        title: 'A bank connection needs attention',
        message: `${connection.name}: ${message}`,
        dedupeKey: `bank-connection:${connection.id}:${now.toISOString()}:${hashToken(message).slice(0, 16)}`,
      },
      now,
    );
  }

  async #newAccount(
    tx: Db,
    userId: string,
    target: CreateTarget,
    bank: BankConnectionAccountRow,
    path: string,
  ): Promise<string> {
    const body: AccountBody = { kind: target.create.kind, name: target.create.name };
    if (bank.institution) body.institution = bank.institution.slice(0, 60);
    try {
      return (await this.#accounts.on(tx).create(userId, body as never)).id;
    } catch (e) {
      // The accounts' own field errors (a name taken) named as this request's fields.
      if (e instanceof HttpError && e.errors) {
        const errors = e.errors.map((f) => ({ path: `${path}.create.${f.path}`, message: f.message }));
        throw new HttpError(e.statusCode, errors[0]?.message ?? e.message, errors);
      }
      throw e;
    }
  }

  get #key(): Buffer {
    const [key] = this.#options.keys;
    if (!key) throw new Error('bank connections: no master key');
    return key;
  }

  async #view(userId: string, id: string): Promise<BankConnection> {
    const views = await this.#db.transaction(async (tx) => {
      const row = await repo.findConnection(tx, userId, id);
      return row ? this.#views(tx, userId, [row]) : [];
    });
    const [view] = views;
    if (!view) throw notFound(NO_CONNECTION);
    return view;
  }

  async #views(db: Db, userId: string, rows: BankConnectionRow[]): Promise<BankConnection[]> {
    const banks = await repo.bankAccountsOf(
      db,
      userId,
      rows.map((r) => r.id),
    );
    const ids = [...new Set(banks.flatMap((b) => (b.accountId ? [b.accountId] : [])))];
    const accounts = new Map((ids.length > 0 ? await accountsOf(db, userId, ids) : []).map((a) => [a.id, a]));
    return rows.map((row) =>
      connectionView(
        row,
        banks.filter((b) => b.connectionId === row.id),
        accounts,
      ),
    );
  }
}

/**
 * A sync's refusal to keep on the connection: the rules' own (HttpError), or a bank id that a bank
 * file being imported at the same moment holds already (the ledger's unique index): the next sync
 * finds it there and leaves it out.
 */
function asRefusal(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  const cause = (e as { cause?: { code?: string } }).cause ?? (e as { code?: string });
  if (cause.code === '23505') return conflict('A bank file was being imported into the same account: sync again.');
  throw e;
}

/** The credential opens only for its own row: copied to another row or user, it does not. */
const sealContext = (userId: string, id: string) => `bank-connection:${userId}:${id}`;

/** The bridge's host: the connection's name until the bank names itself. */
function hostOf(credential: string): string {
  try {
    return new URL(credential).hostname || 'SimpleFIN Bridge';
  } catch {
    return 'SimpleFIN Bridge';
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dollarsOrNull = (c: Cents | null) => (c === null ? null : centsToDollars(c));

function connectionView(
  row: BankConnectionRow,
  banks: BankConnectionAccountRow[],
  accounts: Map<string, { name: string; closedAt: Date | null }>,
): BankConnection {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    status: row.error ? 'error' : row.lastSyncedAt ? 'ok' : 'not_synced',
    error: row.error,
    error_at: iso(row.errorAt),
    bank_messages: row.bankMessages ? row.bankMessages.split('\n') : [],
    last_synced_at: iso(row.lastSyncedAt),
    created_at: row.createdAt.toISOString(),
    accounts: banks.map((b) => {
      const account = b.accountId ? accounts.get(b.accountId) : undefined;
      const open = account && account.closedAt === null ? account : undefined;
      return {
        id: b.id,
        name: b.name,
        currency: b.currency,
        institution: b.institution,
        account_id: open ? (b.accountId as string) : null,
        account_name: open?.name ?? null,
        bank_balance: dollarsOrNull(b.bankBalanceCents),
        available_balance: dollarsOrNull(b.availableBalanceCents),
        balance_date: iso(b.balanceDate),
        last_synced_at: iso(b.lastSyncedAt),
      };
    }),
  };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

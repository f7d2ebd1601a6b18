import type { Nest, NestAllocationBody, NestDeposit, NestEntry, nestDepositBody } from '@helo/contract/nest';
import type { Db } from '@helo/db/client';
import type { NestRuleRow } from '@helo/db/schema';
import { allocateDeposit } from '@helo/finance/allocation';
import { type Cents, cents, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import type { Line } from '@helo/finance/ledger';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay } from '../../lib/day-rules.ts';
import { decodeLineCursor, encodeLineCursor } from '../../lib/entry-cursor.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { afterMoneyChange } from '../../lib/money-changed.ts';
import { productToday } from '../../lib/product-day.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailMessage } from '../../mail/templates.ts';
import {
  accountsOfKinds,
  accountsPostedBy,
  journalsByIds,
  LedgerRefusal,
  type LineFilter,
  type LineRow,
  latestJournals,
  linesOf,
  linesPage,
  loanPaymentsAccount,
  outsideAccount,
  type PostedJournal,
  post,
  reverse,
  walletAccount,
} from '../ledger/index.ts';
import {
  bumpRulesVersion,
  findNestAccount,
  insertNestAccount,
  listRules,
  lockNestAccount,
  replaceRules,
} from './nest.repository.ts';
import { allocationRuleOf, checkedRules, ruleView, targetIdOf } from './nest-rules.ts';
import type { NestTargets } from './nest-targets.ts';
import {
  BUCKET_INTEREST,
  bucketsOf,
  DEPOSIT,
  depositView,
  entryView,
  LOAN_PAYMENT,
  LOAN_PULL,
  nameOf,
  REVERSAL,
} from './nest-view.ts';

export const NOT_ACTIVE = 'Activate the Money Nest first';
export const NO_DEPOSIT = 'Deposit not found';
export const ALREADY_REVERSED = 'This deposit was already reversed';
export const STALE_RULES =
  'Your allocation rules were changed in another tab or device. Reload to see the latest, then make your change again.';
/** How many deposits GET /v1/nest shows; older ones are in the ledger's pages. */
const LATEST_DEPOSITS = 10;
/** The Nest's list: its deposits' and reversals' lines but Income's, and Loan payments' lines of the loan payments, pulls and interest. */
const NEST_LINES: LineFilter = {
  journalKinds: [DEPOSIT, REVERSAL],
  exceptAccountKinds: ['income'],
  also: { journalKinds: [LOAN_PAYMENT, LOAN_PULL, BUCKET_INTEREST], accountKinds: ['loan_payments'] },
};

export type DepositInput = z.output<typeof nestDepositBody>;

export interface EntriesPage {
  data: NestEntry[];
  next_cursor: string | null;
}

/** A share of a deposit: where it goes, and the area to tell when it is a fund's, a goal's or an account's. */
interface Share {
  accountId: string;
  cents: Cents;
  target?: { bucket: keyof NestTargets; id: string | null };
}

const line = (accountId: string, amountCents: number): Line => ({ accountId, amountCents: amountCents as Cents });

/**
 * The Money Nest (issue 15, decisions.md "Money Nest"; on the ledger since issue 27): activation,
 * the allocation rules, and income split by them. A deposit is one journal: Income gives the amount,
 * the Wallet account gets the rest, Loan payments, the fund, each goal and each investment account
 * their shares. A reversal is that journal's reversal, refused (409 naming the account) when an
 * account no longer holds its share. The buckets are those accounts' balances. The areas behind the
 * targets are reached through `targets` (app.ts), not imported. Every write locks the user's Nest
 * row first, then the targets' rows, then the ledger its accounts.
 */
export class NestService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #targets: NestTargets;

  constructor(db: Db, clock: Clock, mailer: Mailer, targets: NestTargets) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#targets = targets;
  }

  /** The Nest as the pages show it; `active: false` (not a 404) before activation. */
  get(userId: string): Promise<Nest> {
    return this.#view(this.#db, userId);
  }

  /** Activates the Nest (and My Wallet, its Wallet account); again is not an error. `created` tells the first time. */
  activate(userId: string): Promise<{ nest: Nest; created: boolean }> {
    return this.#write(async (tx, now) => {
      const row = await insertNestAccount(tx, userId, now);
      await walletAccount(tx, userId, now);
      await loanPaymentsAccount(tx, userId, now);
      return { nest: await this.#view(tx, userId), created: row !== undefined };
    });
  }

  /** Replaces the rules with the list sent, from the version the client read (409 when stale). */
  saveRules(userId: string, body: NestAllocationBody): Promise<Nest> {
    return afterMoneyChange(
      userId,
      this.#write(async (tx) => {
        const account = await lockNestAccount(tx, userId);
        if (!account) throw conflict(NOT_ACTIVE);
        // A bad rule is named first: a reload would not make it right.
        const rules = checkedRules(body.rules, {
          goals: await this.#targets.goal.names(tx, userId),
          accounts: await this.#targets.investment.names(tx, userId),
          hasFund: (await this.#targets.emergency_fund.names(tx, userId)).size > 0,
        });
        if (account.rulesVersion !== body.version) throw conflict(STALE_RULES);
        await replaceRules(tx, userId, rules);
        await bumpRulesVersion(tx, userId);
        return this.#view(tx, userId);
      }),
    );
  }

  /**
   * Records income: splits it by the rules (fixed amounts first, then the percentages, the rest to
   * the Wallet) into one journal from Income, a line per account with a share above $0 (a Wallet
   * rule's share and the rest are one line), the fund's, goals' and accounts' areas told before and
   * after, all in one transaction.
   */
  deposit(userId: string, body: DepositInput): Promise<{ deposit: NestDeposit; nest: Nest }> {
    return afterMoneyChange(
      userId,
      this.#write(async (tx, now, mails) => {
        checkHappenedDay('date', 'Date', body.date, now);
        if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
        const journal = await this.depositIn(
          tx,
          userId,
          { date: body.date, amountCents: dollarsToCents(body.amount), source: body.source },
          now,
          mails,
        );
        const deposit = depositView(
          journal,
          await linesOf(tx, userId, [journal.id]),
          null,
          await this.#live(tx, userId),
        );
        return { deposit, nest: await this.#view(tx, userId) };
      }),
    );
  }

  /**
   * A deposit split by the rules, in the caller's transaction, which holds the Nest's row already:
   * the paydays job records a "record it for me" income with it (`key`: the payday's id in the
   * Income account, so it is recorded once). The milestone mail goes into `mails`.
   */
  async depositIn(
    tx: Db,
    userId: string,
    input: { date: string; amountCents: Cents; source: string; key?: { accountId: string; id: string } },
    now: Date,
    mails: MailMessage[],
  ): Promise<PostedJournal> {
    const { amountCents } = input;
    const rules = await listRules(tx, userId);
    const { shares, restCents } = allocateDeposit({ amountCents, rules: rules.map(allocationRuleOf) });
    const wallet = await walletAccount(tx, userId);
    let walletCents = restCents;
    const lines: Share[] = [];
    for (const [i, rule] of rules.entries()) {
      const share = shares[i] ?? cents(0);
      if (share === 0) continue;
      if (rule.bucket === 'wallet') walletCents = cents(walletCents + share);
      else lines.push(await this.#shareOf(tx, userId, rule, share));
    }
    if (walletCents > 0) lines.push({ accountId: wallet.id, cents: walletCents });
    const income = await outsideAccount(tx, userId, 'income');
    const journal = await post(tx, userId, {
      date: input.date,
      kind: DEPOSIT,
      description: input.source,
      createdAt: now,
      ...(input.key ? { externalId: input.key.id, externalAccountId: input.key.accountId } : {}),
      lines: [line(income.id, -amountCents), ...lines.map((s) => line(s.accountId, s.cents))],
    });
    await this.#after(tx, userId, lines, now, mails);
    return journal;
  }

  /**
   * Reverses a deposit: its journal reversed, dated today (New York). Every account must still hold
   * its share (the Wallet too, though spending may overdraw it): otherwise a 409 naming it, and
   * nothing is written; so is a deposit already reversed, or one whose goal or account is gone.
   */
  reverse(userId: string, id: string): Promise<{ deposit: NestDeposit; nest: Nest }> {
    return afterMoneyChange(
      userId,
      this.#write(async (tx, now, mails) => {
        // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
        if (!isUuid(id)) throw notFound(NO_DEPOSIT);
        // No Nest, no deposit of theirs: the same 404.
        const nest = await lockNestAccount(tx, userId);
        if (!nest) throw notFound(NO_DEPOSIT);
        const [journal] = await journalsByIds(tx, userId, [id]);
        if (!journal || journal.kind !== DEPOSIT) throw notFound(NO_DEPOSIT);
        if (journal.reversedById) throw conflict(ALREADY_REVERSED);
        const lines = (await linesOf(tx, userId, [journal.id])).filter((l) => l.accountKind !== 'income');
        const shares: Share[] = [];
        for (const l of lines) {
          const bucket = l.accountKind;
          if (bucket !== 'emergency_fund' && bucket !== 'goal' && bucket !== 'investment') {
            shares.push({ accountId: l.accountId, cents: l.amountCents });
            continue;
          }
          const targetId = bucket === 'emergency_fund' ? null : l.subjectId;
          const target = await this.#targets[bucket].before(tx, userId, targetId, -l.amountCents);
          if (!target) throw conflict(`${l.accountName} was deleted: this deposit can not be reversed.`);
          shares.push({ accountId: l.accountId, cents: l.amountCents, target: { bucket, id: targetId } });
        }
        try {
          await reverse(tx, userId, journal.id, {
            date: productToday(now),
            kind: REVERSAL,
            at: now,
            neverBelowZero: lines.map((l) => l.accountId),
          });
        } catch (error) {
          if (!(error instanceof LedgerRefusal) || error.code !== 'below_zero') throw error;
          const short = lines.find((l) => l.accountId === error.accountId);
          if (!short) throw error;
          throw cannotReverse(short, error.balanceCents ?? cents(0));
        }
        await this.#after(tx, userId, shares, now, mails);
        const deposit = depositView(
          journal,
          await linesOf(tx, userId, [journal.id]),
          now,
          await this.#live(tx, userId),
        );
        return { deposit, nest: await this.#view(tx, userId) };
      }),
    );
  }

  /** The Nest's list, newest first, a page at a time (empty before activation). */
  async entries(userId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    const after = cursor === undefined ? undefined : decodeLineCursor(cursor);
    const page = await linesPage(this.#db, userId, NEST_LINES, limit, after);
    const last = page.rows.at(-1);
    const live = await this.#live(this.#db, userId);
    return {
      data: page.rows.map((row) => entryView(row, live)),
      next_cursor: page.more && last ? encodeLineCursor(last) : null,
    };
  }

  /** The ids of the user's goals and investment accounts that exist. */
  async #live(db: Db, userId: string): Promise<Set<string>> {
    const goals = await this.#targets.goal.names(db, userId);
    const investments = await this.#targets.investment.names(db, userId);
    return new Set([...goals.keys(), ...investments.keys()]);
  }

  /** A rule's share: its account, through its area for the fund, a goal or an account (locked, checked). */
  async #shareOf(tx: Db, userId: string, rule: NestRuleRow, share: Cents): Promise<Share> {
    if (rule.bucket === 'loans') return { accountId: (await loanPaymentsAccount(tx, userId)).id, cents: share };
    if (rule.bucket === 'wallet') return { accountId: (await walletAccount(tx, userId)).id, cents: share };
    const targetId = targetIdOf(rule);
    const target = await this.#targets[rule.bucket].before(tx, userId, targetId, share);
    // A rule's goal or account is deleted with it (a foreign key), and the fund is never deleted.
    if (!target) throw new Error(`the target of a ${rule.bucket} rule is gone`);
    return { accountId: target.accountId, cents: share, target: { bucket: rule.bucket, id: targetId } };
  }

  /** The areas told, after the journal, that their money moved (versions, milestones). */
  async #after(tx: Db, userId: string, shares: readonly Share[], now: Date, mails: MailMessage[]): Promise<void> {
    for (const { target } of shares) {
      if (target) await this.#targets[target.bucket].after(tx, userId, target.id, now, mails);
    }
  }

  /**
   * Runs a write in one transaction. The milestone mail the fund and goals queue in it is collected
   * per call and announced to the mailer once the transaction committed.
   */
  async #write<T>(work: (tx: Db, now: Date, mails: MailMessage[]) => Promise<T>): Promise<T> {
    const now = this.#clock.now();
    const mails: MailMessage[] = [];
    const result = await this.#db.transaction((tx) => work(tx, now, mails));
    this.#mailer.afterCommit(mails);
    return result;
  }

  /** The whole Nest; in a write's transaction its reads run one after the other on its connection. */
  async #view(db: Db, userId: string): Promise<Nest> {
    const nest = await findNestAccount(db, userId);
    if (!nest) {
      return { active: false, activated_at: null, rules_version: 1, rules: [], buckets: [], deposits: [] };
    }
    const rules = await listRules(db, userId);
    const goals = await this.#targets.goal.names(db, userId);
    const investments = await this.#targets.investment.names(db, userId);
    const accounts = await accountsOfKinds(db, userId, [
      'checking',
      'loan_payments',
      'emergency_fund',
      'goal',
      'investment',
    ]);
    const own = (kind: 'checking' | 'loan_payments') => accounts.find((a) => a.kind === kind && a.subjectId === userId);
    const buckets = bucketsOf(rules, {
      wallet: own('checking'),
      loans: own('loan_payments'),
      fund: accounts.find((a) => a.kind === 'emergency_fund'),
      bySubject: new Map(
        accounts.flatMap((a) =>
          (a.kind === 'goal' || a.kind === 'investment') && a.subjectId ? [[a.subjectId, a]] : [],
        ),
      ),
      postedTo: new Set(await accountsPostedBy(db, userId, DEPOSIT)),
      goals,
      investments,
    });
    const journals = await latestJournals(db, userId, [DEPOSIT], LATEST_DEPOSITS);
    const lines = await linesOf(
      db,
      userId,
      journals.map((j) => j.id),
    );
    const reversals = await journalsByIds(
      db,
      userId,
      journals.flatMap((j) => (j.reversedById ? [j.reversedById] : [])),
    );
    const reversedAt = new Map(reversals.map((r) => [r.id, r.createdAt]));
    const live = new Set([...goals.keys(), ...investments.keys()]);
    return {
      active: true,
      activated_at: nest.activatedAt.toISOString(),
      rules_version: nest.rulesVersion,
      rules: rules.map((rule) => {
        const id = targetIdOf(rule);
        return ruleView(rule, id ? (goals.get(id) ?? investments.get(id) ?? null) : null);
      }),
      buckets,
      deposits: journals.map((j) =>
        depositView(
          j,
          lines.filter((l) => l.journalId === j.id),
          j.reversedById ? (reversedAt.get(j.reversedById) ?? null) : null,
          live,
        ),
      ),
    };
  }
}

/** The 409 of a reversal an account can no longer give: what it holds against what the deposit put in. */
function cannotReverse(share: LineRow, heldCents: number) {
  return conflict(
    `${nameOf(share)} holds ${formatCents(heldCents)}, less than the ${formatCents(share.amountCents)} this deposit put in it: it can not be reversed.`,
  );
}

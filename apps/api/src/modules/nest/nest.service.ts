import { MAX_DOLLARS } from '@helo/contract/money';
import type { Nest, NestAllocationBody, NestDeposit, NestEntry, NestRule, nestDepositBody } from '@helo/contract/nest';
import type { Db } from '@helo/db/client';
import type { NestDepositRow, NestEntryRow } from '@helo/db/schema';
import { type AllocationRule, allocateDeposit, type NestBucket } from '@helo/finance/allocation';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay } from '../../lib/day-rules.ts';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailMessage } from '../../mail/templates.ts';
import { decodeEntryCursor, EmergencyFundService, encodeEntryCursor, findFund } from '../emergency-fund/index.ts';
import { InvestmentsService } from '../investments/index.ts';
import { LifestyleGoalsService } from '../lifestyle-goals/index.ts';
import {
  accountNames,
  allocationEntriesOf,
  type BucketTotal,
  bucketTotals,
  bumpRulesVersion,
  findDeposit,
  findNestAccount,
  goalNames,
  insertDeposit,
  insertEntries,
  insertNestAccount,
  isNestFundEntry,
  isNestGoalEntry,
  latestDeposits,
  listEntries,
  listRules,
  lockNestAccount,
  markReversed,
  type NewNestEntry,
  type NewRule,
  type RuleWithTarget,
  replaceRules,
} from './nest.repository.ts';
import { ensureNestWallet } from './nest-wallet.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NOT_ACTIVE = 'Activate the Money Nest first';
export const NO_DEPOSIT = 'Deposit not found';
export const ALREADY_REVERSED = 'This deposit was already reversed';
export const STALE_RULES =
  'Your allocation rules were changed in another tab or device. Reload to see the latest, then make your change again.';
/** How many deposits GET /v1/nest shows; older ones are in the ledger's pages. */
const LATEST_DEPOSITS = 10;
const MAX_FIXED_CENTS = MAX_DOLLARS * 100;
const BUCKET_ORDER: readonly NestBucket[] = ['wallet', 'loans', 'emergency_fund', 'goal', 'investment'];
const BUCKET_NAMES: Record<NestBucket, string> = {
  wallet: 'Wallet',
  loans: 'Loan payments',
  emergency_fund: 'Emergency fund',
  goal: 'Deleted goal',
  investment: 'Deleted account',
};

export type DepositInput = z.output<typeof nestDepositBody>;

export interface EntriesPage {
  data: NestEntry[];
  next_cursor: string | null;
}

/** A share's target: what a rule names, as the ledger stores it. */
type Target = Pick<NestEntryRow, 'bucket' | 'goalId' | 'investmentAccountId' | 'targetName'>;

/**
 * The Money Nest (issue 15, decisions.md "Money Nest"): activation, the allocation rules, and
 * deposits split by them into a ledger whose sums are the buckets' balances. A share for the
 * emergency fund, a goal or an investment account is written through that feature's own service in
 * the same transaction, so its checks, versions, snapshots and milestones hold as for any deposit
 * made there. Every write of rules or the ledger locks the user's Nest first: they run one after
 * another.
 */
export class NestService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #fund: EmergencyFundService;
  readonly #goals: LifestyleGoalsService;
  readonly #investments: InvestmentsService;

  constructor(db: Db, clock: Clock, mailer: Mailer) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#fund = new EmergencyFundService(db, clock, mailer, isNestFundEntry);
    this.#goals = new LifestyleGoalsService(db, clock, mailer, isNestGoalEntry);
    this.#investments = new InvestmentsService(db, clock);
  }

  /** The Nest as the pages show it; `active: false` (not a 404) before activation. */
  get(userId: string): Promise<Nest> {
    return this.#view(this.#db, userId);
  }

  /** Activates the Nest (and My Wallet, with its account "Wallet"); again is not an error. `created` tells the first time. */
  activate(userId: string): Promise<{ nest: Nest; created: boolean }> {
    return this.#write(async (tx, now) => {
      const row = await insertNestAccount(tx, userId, now);
      await ensureNestWallet(tx, userId, now);
      return { nest: await this.#view(tx, userId), created: row !== undefined };
    });
  }

  /** Replaces the rules with the list sent, from the version the client read (409 when stale). */
  saveRules(userId: string, body: NestAllocationBody): Promise<Nest> {
    return this.#write(async (tx) => {
      const account = await lockNestAccount(tx, userId);
      if (!account) throw conflict(NOT_ACTIVE);
      // A bad rule is named first: a reload would not make it right.
      const rules = await checkedRules(tx, userId, body.rules);
      if (account.rulesVersion !== body.version) throw conflict(STALE_RULES);
      await replaceRules(tx, userId, rules);
      await bumpRulesVersion(tx, userId);
      return this.#view(tx, userId);
    });
  }

  /**
   * Records income: splits it by the rules (fixed amounts first, then the percentages, the rest to
   * the Wallet) and writes one ledger entry per share above $0, each share for the fund, a goal or
   * an account also written there, all in one transaction.
   */
  deposit(userId: string, body: DepositInput): Promise<{ deposit: NestDeposit; nest: Nest }> {
    return this.#write(async (tx, now, mails) => {
      checkHappenedDay('date', 'Date', body.date, now);
      if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      const amountCents = dollarsToCents(body.amount);
      const rules = await listRules(tx, userId);
      const { shares, restCents } = allocateDeposit({ amountCents, rules: rules.map(allocationRuleOf) });
      const deposit = await insertDeposit(tx, userId, { amountCents, date: body.date, source: body.source }, now);
      const note = `From the Money Nest: ${deposit.source}`;
      const entries: NewNestEntry[] = [];
      for (const [i, rule] of rules.entries()) {
        const share = shares[i] ?? 0;
        if (share === 0) continue;
        const target = targetOf(rule);
        const links = await this.#moveInto(tx, userId, target, { share, date: body.date, note }, now, mails);
        entries.push({
          ...target,
          ...links,
          kind: 'allocation',
          depositId: deposit.id,
          amountCents: share,
          date: body.date,
        });
      }
      if (restCents > 0) {
        const wallet = { bucket: 'wallet' as const, goalId: null, investmentAccountId: null, targetName: null };
        const links = { fundEntryId: null, goalEntryId: null };
        entries.push({
          ...wallet,
          ...links,
          kind: 'allocation',
          depositId: deposit.id,
          amountCents: restCents,
          date: body.date,
        });
      }
      const written = await insertEntries(tx, userId, entries, now);
      return { deposit: depositView(deposit, written), nest: await this.#view(tx, userId) };
    });
  }

  /**
   * Reverses a deposit: a negative entry for each share, and the share taken back out of the fund,
   * the goal or the account. A target that no longer holds its share (spent, or deleted) makes it a
   * 409 naming it, and nothing is written; so is a deposit already reversed.
   */
  reverse(userId: string, id: string): Promise<{ deposit: NestDeposit; nest: Nest }> {
    return this.#write(async (tx, now, mails) => {
      // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
      if (!UUID.test(id)) throw notFound(NO_DEPOSIT);
      // No Nest, no deposit of theirs: the same 404.
      if (!(await lockNestAccount(tx, userId))) throw notFound(NO_DEPOSIT);
      const found = await findDeposit(tx, userId, id);
      if (!found) throw notFound(NO_DEPOSIT);
      const deposit = await markReversed(tx, userId, found.id, now);
      if (!deposit) throw conflict(ALREADY_REVERSED);
      const shares = await allocationEntriesOf(tx, userId, [deposit.id]);
      const held = new Map((await bucketTotals(tx, userId)).map((t) => [totalKey(t), t.cents]));
      const today = productToday(now);
      const note = `Reversed in the Money Nest: ${deposit.source}`;
      const entries: NewNestEntry[] = [];
      for (const share of shares) {
        const amount = share.amountCents;
        const name = nameOf(share);
        const cannot = (heldCents: number) =>
          conflict(
            `${name} holds ${formatCents(heldCents)}, less than the ${formatCents(amount)} this deposit put in it: it can not be reversed.`,
          );
        let links = { fundEntryId: null as string | null, goalEntryId: null as string | null };
        if (share.bucket === 'wallet' || share.bucket === 'loans') {
          // Money the Nest itself holds: its bucket must still hold the share.
          const key = totalKey({ ...share, orphanName: null });
          const left = held.get(key) ?? 0;
          if (left < amount) throw cannot(left);
          held.set(key, left - amount);
        } else {
          const gone =
            share.bucket === 'goal'
              ? share.goalId === null
              : share.bucket === 'investment' && share.investmentAccountId === null;
          if (gone) throw conflict(`${name} was deleted: this deposit can not be reversed.`);
          links = await this.#moveOut(tx, userId, share, { share: amount, date: today, note }, now, mails, cannot);
        }
        entries.push({
          ...targetOfEntry(share),
          ...links,
          kind: 'reversal',
          depositId: deposit.id,
          amountCents: cents(-amount),
          date: today,
        });
      }
      await insertEntries(tx, userId, entries, now);
      return { deposit: depositView(deposit, shares), nest: await this.#view(tx, userId) };
    });
  }

  /** The ledger, newest first, a page at a time (empty before activation). */
  async entries(userId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    const after = cursor === undefined ? undefined : decodeEntryCursor(cursor);
    const page = await listEntries(this.#db, userId, limit, after);
    const last = page.rows.at(-1);
    return { data: page.rows.map(entryView), next_cursor: page.more && last ? encodeEntryCursor(last) : null };
  }

  /** A share into the fund, a goal or an account, through that feature's own code; the Nest's buckets need nothing. */
  async #moveInto(
    tx: Db,
    userId: string,
    target: Target,
    move: { share: Cents; date: string; note: string },
    now: Date,
    mails: MailMessage[],
  ): Promise<{ fundEntryId: string | null; goalEntryId: string | null }> {
    const entry = { kind: 'deposit' as const, amountCents: move.share, date: move.date, note: move.note };
    if (target.bucket === 'emergency_fund') {
      const made = await this.#fund.entryIn(tx, userId, entry, now, mails);
      return { fundEntryId: made.entry.id, goalEntryId: null };
    }
    if (target.bucket === 'goal' && target.goalId) {
      const made = await this.#goals.entryIn(tx, userId, target.goalId, entry, now, mails);
      return { fundEntryId: null, goalEntryId: made.entry.id };
    }
    if (target.bucket === 'investment' && target.investmentAccountId) {
      await this.#investments.changeBalanceIn(tx, userId, target.investmentAccountId, move.share, now, () => {
        throw new Error('a deposit can not overdraw an account');
      });
    }
    return { fundEntryId: null, goalEntryId: null };
  }

  /** A share taken back out of the fund, a goal or an account; `cannot` refuses one it no longer holds. */
  async #moveOut(
    tx: Db,
    userId: string,
    target: Target,
    move: { share: Cents; date: string; note: string },
    now: Date,
    mails: MailMessage[],
    cannot: (heldCents: number) => Error,
  ): Promise<{ fundEntryId: string | null; goalEntryId: string | null }> {
    const entry = { kind: 'withdrawal' as const, amountCents: move.share, date: move.date, note: move.note };
    if (target.bucket === 'emergency_fund') {
      const made = await this.#fund.entryIn(tx, userId, entry, now, mails, cannot);
      return { fundEntryId: made.entry.id, goalEntryId: null };
    }
    if (target.bucket === 'goal' && target.goalId) {
      const made = await this.#goals.entryIn(tx, userId, target.goalId, entry, now, mails, cannot);
      return { fundEntryId: null, goalEntryId: made.entry.id };
    }
    if (target.bucket === 'investment' && target.investmentAccountId) {
      await this.#investments.changeBalanceIn(tx, userId, target.investmentAccountId, -move.share, now, cannot);
    }
    return { fundEntryId: null, goalEntryId: null };
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
    const account = await findNestAccount(db, userId);
    if (!account) {
      return { active: false, activated_at: null, rules_version: 1, rules: [], buckets: [], deposits: [] };
    }
    const rules = await listRules(db, userId);
    const totals = await bucketTotals(db, userId);
    const deposits = await latestDeposits(db, userId, LATEST_DEPOSITS);
    const shares = await allocationEntriesOf(
      db,
      userId,
      deposits.map((d) => d.id),
    );
    const goals = await goalNames(db, userId);
    const accounts = await accountNames(db, userId);
    return {
      active: true,
      activated_at: account.activatedAt.toISOString(),
      rules_version: account.rulesVersion,
      rules: rules.map(ruleView),
      buckets: bucketsOf(rules, totals, goals, accounts),
      deposits: deposits.map((d) =>
        depositView(
          d,
          shares.filter((s) => s.depositId === d.id),
        ),
      ),
    };
  }
}

/**
 * The rules as stored, each field checked: targets that exist and are the user's, an emergency fund
 * that exists, no target twice, values in range, then the percentages adding up to at most 100 %.
 * Every bad field is named at once, as the form shows them.
 */
async function checkedRules(tx: Db, userId: string, rules: NestAllocationBody['rules']): Promise<NewRule[]> {
  const goals = await goalNames(tx, userId);
  const accounts = await accountNames(tx, userId);
  const hasFund = (await findFund(tx, userId)) !== undefined;
  const errors: FieldErrors = [];
  const seen = new Set<string>();
  let percentBasisPoints = 0;
  const checked = rules.map((rule, i): NewRule => {
    const refuse = (field: string, message: string) => errors.push({ path: `rules.${i}.${field}`, message });
    const sent = rule.target_id?.trim() || null;
    let target: string | null = null;
    if (rule.bucket === 'goal' || rule.bucket === 'investment') {
      const what = rule.bucket === 'goal' ? 'goal' : 'investment account';
      const names = rule.bucket === 'goal' ? goals : accounts;
      if (!sent) refuse('target_id', `Choose the ${what} this rule is for`);
      else if (!UUID.test(sent) || !names.has(sent.toLowerCase())) refuse('target_id', `Choose one of your ${what}s`);
      else target = sent.toLowerCase();
    } else if (sent) {
      refuse('target_id', 'Only a goal or an investment rule names a target');
    }
    if (rule.bucket === 'emergency_fund' && !hasFund) refuse('bucket', 'Set up your emergency fund first');
    const key = `${rule.bucket}|${target ?? ''}`;
    if (seen.has(key)) {
      if (target) refuse('target_id', 'This target already has a rule: change that one instead');
      else if (rule.bucket !== 'goal' && rule.bucket !== 'investment') {
        refuse('bucket', 'This bucket already has a rule: change that one instead');
      }
    }
    seen.add(key);
    const value = ruleValue(rule.kind, rule.value);
    if (typeof value === 'string') refuse('value', value);
    else if (rule.kind === 'percent') percentBasisPoints += value;
    const amount = typeof value === 'number' ? value : 1;
    return {
      bucket: rule.bucket,
      goalId: rule.bucket === 'goal' ? target : null,
      investmentAccountId: rule.bucket === 'investment' ? target : null,
      kind: rule.kind,
      percentBasisPoints: rule.kind === 'percent' ? amount : null,
      fixedCents: rule.kind === 'fixed' ? cents(amount) : null,
    };
  });
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  if (percentBasisPoints > 10_000) {
    throw invalidField(
      'rules',
      `The percentages add up to ${percentBasisPoints / 100} %: they can add up to 100 % at most`,
    );
  }
  return checked;
}

/**
 * A percent rule's basis points (0.01–100 %, two decimals), or a fixed rule's cents ($0.01 and up);
 * what is wrong with the value otherwise.
 */
function ruleValue(kind: 'percent' | 'fixed', value: number): number | string {
  const hundredths = Math.round(value * 100);
  const twoDecimals =
    Number.isFinite(value) && Math.abs(hundredths - value * 100) <= 1e-6 * Math.max(1, Math.abs(value));
  if (kind === 'percent') {
    if (!Number.isFinite(value) || value < 0.01 || value > 100) return 'A percentage must be between 0.01 and 100';
    if (!twoDecimals) return 'A percentage can have at most two decimals';
    return hundredths;
  }
  if (!Number.isFinite(value) || value < 0.01) return 'A fixed amount must be at least $0.01';
  if (value > MAX_DOLLARS) return `A fixed amount can be at most ${formatCents(MAX_FIXED_CENTS)}`;
  if (!twoDecimals) return 'A fixed amount can have at most two decimals (cents)';
  return hundredths;
}

function allocationRuleOf({ rule }: RuleWithTarget): AllocationRule {
  return rule.kind === 'fixed'
    ? { kind: 'fixed', value: rule.fixedCents ?? cents(0) }
    : { kind: 'percent', value: (rule.percentBasisPoints ?? 0) / 100 };
}

/** What a rule's share is written to, with the name it has today (kept by the entry). */
function targetOf({ rule, targetName }: RuleWithTarget): Target {
  return { bucket: rule.bucket, goalId: rule.goalId, investmentAccountId: rule.investmentAccountId, targetName };
}

function targetOfEntry(e: Target): Target {
  return { bucket: e.bucket, goalId: e.goalId, investmentAccountId: e.investmentAccountId, targetName: e.targetName };
}

const nameOf = (e: Pick<NestEntryRow, 'bucket' | 'targetName'>): string => e.targetName ?? BUCKET_NAMES[e.bucket];

const totalKey = (t: Pick<BucketTotal, 'bucket' | 'goalId' | 'investmentAccountId' | 'orphanName'>): string =>
  `${t.bucket}|${t.goalId ?? t.investmentAccountId ?? ''}|${t.orphanName ?? ''}`;

function ruleView({ rule, targetName }: RuleWithTarget): NestRule {
  return {
    id: rule.id,
    bucket: rule.bucket,
    target_id: rule.goalId ?? rule.investmentAccountId,
    target_name: targetName,
    kind: rule.kind,
    value: rule.kind === 'percent' ? (rule.percentBasisPoints ?? 0) / 100 : centsToDollars(rule.fixedCents ?? cents(0)),
  };
}

/**
 * Wallet and Loan payments always, then the targets of the rules in their order, then any other
 * target the ledger has (a rule removed, a goal deleted), each with the sum of its entries.
 */
function bucketsOf(
  rules: readonly RuleWithTarget[],
  totals: readonly BucketTotal[],
  goals: ReadonlyMap<string, string>,
  accounts: ReadonlyMap<string, string>,
): Nest['buckets'] {
  const byKey = new Map(totals.map((t) => [totalKey(t), t]));
  const none = { goalId: null, investmentAccountId: null, orphanName: null };
  const wanted: Omit<BucketTotal, 'cents'>[] = [
    { bucket: 'wallet', ...none },
    { bucket: 'loans', ...none },
    ...rules.map(({ rule }) => ({ ...rule, orphanName: null })),
    ...[...totals].sort((a, b) => BUCKET_ORDER.indexOf(a.bucket) - BUCKET_ORDER.indexOf(b.bucket)),
  ];
  const buckets: Nest['buckets'] = [];
  const shown = new Set<string>();
  for (const b of wanted) {
    const key = totalKey(b);
    if (shown.has(key)) continue;
    shown.add(key);
    const current = b.goalId
      ? goals.get(b.goalId)
      : b.investmentAccountId
        ? accounts.get(b.investmentAccountId)
        : undefined;
    buckets.push({
      bucket: b.bucket,
      target_id: b.goalId ?? b.investmentAccountId,
      name: current ?? b.orphanName ?? BUCKET_NAMES[b.bucket],
      balance: centsToDollars(cents(byKey.get(key)?.cents ?? 0)),
    });
  }
  return buckets;
}

function depositView(d: NestDepositRow, shares: readonly NestEntryRow[]): NestDeposit {
  return {
    id: d.id,
    amount: centsToDollars(d.amountCents),
    date: d.date,
    source: d.source,
    shares: shares.map((s) => ({
      bucket: s.bucket,
      target_id: s.goalId ?? s.investmentAccountId,
      name: nameOf(s),
      amount: centsToDollars(s.amountCents),
    })),
    reversed_at: d.reversedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

function entryView(e: NestEntryRow): NestEntry {
  return {
    id: e.id,
    kind: e.kind,
    bucket: e.bucket,
    target_id: e.goalId ?? e.investmentAccountId,
    name: nameOf(e),
    amount: centsToDollars(e.amountCents),
    date: e.date,
    deposit_id: e.depositId,
    created_at: e.createdAt.toISOString(),
  };
}

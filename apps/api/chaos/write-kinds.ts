import { FEEDBACK_CHOICES, FEEDBACK_QUESTIONS } from '@helo/contract/feedback';
import { LEAD_DAYS_MAX, LEAD_DAYS_MIN, NOTIFICATIONS_PAGE_MAX } from '@helo/contract/notifications';
import type { Answer, ChaosUser } from './chaos-user.ts';
import type { Random } from './random.ts';
import type { WriteOutcome, WriteRecord } from './write-record.ts';

export type Sql = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface WriteContext {
  user: ChaosUser;
  url: string;
  random: Random;
  record: WriteRecord;
  /** Catalogue debt type ids, and today in the product's zone (loans fall due soon, so reminders fire). */
  debtIds: number[];
  today: string;
}

export interface ReadContext {
  user: ChaosUser;
  url: string;
  /** Direct SQL, for data no route reads back (feedback); absent while PGlite is locked by the server. */
  sql: Sql | undefined;
}

/**
 * One kind of write the stream makes. A new feature's write (a ledger entry) is one more entry in
 * `writeKinds`: how to send it, which slot it changes, and how to read that slot back.
 */
export interface WriteKind {
  name: string;
  shape: 'replace' | 'append';
  /** Sends one write and records its outcome; false when there was nothing to write. */
  write(ctx: WriteContext): Promise<boolean>;
  /**
   * What the database holds for the user, by slot: a value (replace) or id → content (append).
   * Undefined when this context cannot read it.
   */
  read(ctx: ReadContext): Promise<Map<string, unknown> | undefined>;
}

const slot = (kind: string, user: ChaosUser, key = '') => `${kind}:${user.id}${key ? `:${key}` : ''}`;

/** Sends a recorded write: 2xx acknowledges it, another answer refuses it, a broken connection leaves it unknown. */
async function send(outcome: WriteOutcome, request: () => Promise<Answer>, idOf?: (body: unknown) => string) {
  let res: Answer;
  try {
    res = await request();
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') outcome.notSent();
    else outcome.unknown();
    return;
  }
  if (res.status >= 200 && res.status < 300) outcome.acknowledged(idOf?.(res.body));
  else outcome.refused(res.status);
}

const dataOf = <T>(res: Answer, what: string): T => {
  if (res.status !== 200) throw new Error(`reading ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: T }).data;
};

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const cents = (random: Random, min: number, max: number) => random.int(min * 100, max * 100) / 100;

interface DebtRow {
  debt_id: number;
  initial_loan_amount: number;
  outstanding_balance: number;
  monthly_payment_amount: number;
  interest_rate: number;
  due_date: string;
}

const userDebts: WriteKind = {
  name: 'user-debts',
  shape: 'replace',
  async write({ user, url, random, record, debtIds, today }) {
    const rows: DebtRow[] = Array.from({ length: random.int(1, 3) }, () => {
      const initial = cents(random, 1_000, 90_000);
      const outstanding = cents(random, 500, initial);
      return {
        debt_id: random.pick(debtIds),
        initial_loan_amount: initial,
        outstanding_balance: outstanding,
        monthly_payment_amount: cents(random, 50, Math.max(50, outstanding / 10)),
        interest_rate: random.int(0, 250_000) / 10_000,
        due_date: addDays(today, random.int(0, 2)),
      };
    });
    const method = random.pick(['POST', 'PUT']);
    await send(record.replace(slot('user-debts', user), rows), () =>
      user.request(url, method, '/api/v1/user-debts', { debts: rows }),
    );
    return true;
  },
  async read({ user, url }) {
    const rows = dataOf<DebtRow[]>(await user.request(url, 'GET', '/api/v1/user-debts'), 'user debts');
    const saved = rows.map((r) => ({
      debt_id: r.debt_id,
      initial_loan_amount: r.initial_loan_amount,
      outstanding_balance: r.outstanding_balance,
      monthly_payment_amount: r.monthly_payment_amount,
      interest_rate: r.interest_rate,
      due_date: r.due_date,
    }));
    return new Map([[slot('user-debts', user), saved]]);
  },
};

interface NotificationWire {
  _id: string;
  is_read: boolean;
}

/** Every page of the list: a notification marked read long ago is on a later page, and must still be read. */
async function allNotifications(user: ChaosUser, url: string): Promise<NotificationWire[]> {
  const all: NotificationWire[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${NOTIFICATIONS_PAGE_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await user.request(url, 'GET', `/api/v1/notifications${query}`);
    all.push(...dataOf<NotificationWire[]>(res, 'notifications'));
    cursor = (res.body as { next_cursor: string | null }).next_cursor;
  } while (cursor);
  return all;
}

const notificationRead: WriteKind = {
  name: 'notification-read',
  shape: 'replace',
  async write({ user, url, random, record }) {
    let list: NotificationWire[];
    try {
      list = await allNotifications(user, url);
    } catch {
      return false;
    }
    const unread = list.filter((n) => !n.is_read);
    if (unread.length === 0) return false;
    const { _id } = random.pick(unread);
    await send(record.replace(slot('notification-read', user, _id), true), () =>
      user.request(url, 'PUT', `/api/v1/notifications/${_id}/read`),
    );
    return true;
  },
  async read({ user, url }) {
    const list = await allNotifications(user, url);
    return new Map(list.map((n) => [slot('notification-read', user, n._id), n.is_read]));
  },
};

const profile: WriteKind = {
  name: 'profile',
  shape: 'replace',
  async write({ user, url, random, record }) {
    const body = { first_name: `Chaos${random.int(0, 1e6)}`, last_name: `${user.name}-${random.int(0, 1e6)}` };
    await send(record.replace(slot('profile', user), body), () =>
      user.request(url, 'PUT', '/api/v1/auth/profile', body),
    );
    return true;
  },
  async read({ user, url }) {
    const info = dataOf<{ user: { first_name: string; last_name: string } }>(
      await user.request(url, 'GET', '/api/v1/auth/register'),
      'profile',
    );
    return new Map([[slot('profile', user), { first_name: info.user.first_name, last_name: info.user.last_name }]]);
  },
};

const reminderPreferences: WriteKind = {
  name: 'reminder-preferences',
  shape: 'replace',
  async write({ user, url, random, record }) {
    const body = {
      payment_due_reminders: random.next() < 0.8,
      payment_due_lead_days: random.int(LEAD_DAYS_MIN, LEAD_DAYS_MAX),
      goal_milestones: random.next() < 0.5,
      monthly_summary: random.next() < 0.5,
      product_news: random.next() < 0.5,
    };
    await send(record.replace(slot('reminder-preferences', user), body), () =>
      user.request(url, 'PUT', '/api/v1/email-reminder-preferences', body),
    );
    return true;
  },
  async read({ user, url }) {
    const { security_emails: _always, ...saved } = dataOf<Record<string, unknown>>(
      await user.request(url, 'GET', '/api/v1/email-reminder-preferences'),
      'reminder preferences',
    );
    return new Map([[slot('reminder-preferences', user), saved]]);
  },
};

// No route reads feedback back, so it is checked in the database itself.
const feedback: WriteKind = {
  name: 'feedback',
  shape: 'append',
  async write({ user, url, random, record }) {
    const body = {
      answers: FEEDBACK_QUESTIONS.map(() => (random.next() < 0.2 ? null : random.int(0, FEEDBACK_CHOICES.length - 1))),
      comment: `chaos ${random.int(0, 1e9)}`,
    };
    await send(
      record.append(slot('feedback', user), body),
      () => user.request(url, 'POST', '/api/v1/feedback', body),
      (res) => (res as { data: { id: string } }).data.id,
    );
    return true;
  },
  async read({ user, sql }) {
    if (!sql) return undefined;
    const rows = await sql('SELECT id, answers, comment FROM feedback WHERE user_id = $1', [user.id]);
    const entries = new Map(rows.map((r) => [String(r.id), { answers: r.answers, comment: r.comment }]));
    return new Map([[slot('feedback', user), entries]]);
  },
};

interface EntryWire {
  id: string;
  kind: string;
  amount: number;
  date: string;
}

/** Every page of a ledger (newest first); each entry by id with what was sent for it. */
async function allEntries(user: ChaosUser, url: string, path: string): Promise<Map<string, unknown>> {
  const entries = new Map<string, unknown>();
  let cursor: string | null = null;
  do {
    const query: string = `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await user.request(url, 'GET', `${path}${query}`);
    for (const e of dataOf<EntryWire[]>(res, path)) entries.set(e.id, { kind: e.kind, amount: e.amount, date: e.date });
    cursor = (res.body as { next_cursor: string | null }).next_cursor;
  } while (cursor);
  return entries;
}

/** A ledger table read directly (after the run, with the server stopped), as the routes answer it. */

/**
 * The entries typed on the fund's or the goals' pages, straight from the ledger (issue 27): the live
 * journals of those accounts that the pages made, with what each moved in it.
 */
async function potEntriesInLedger(
  sql: Sql,
  pot: 'emergency_fund' | 'goal',
  userId: string,
): Promise<Map<string, unknown>> {
  const rows = await sql(
    `SELECT j.id, CASE WHEN p.amount_cents > 0 THEN 'deposit' ELSE 'withdrawal' END AS kind,
       abs(p.amount_cents)::text AS amount_cents, to_char(j.date, 'YYYY-MM-DD') AS date
     FROM ledger_journals j JOIN ledger_postings p ON p.journal_id = j.id JOIN ledger_accounts a ON a.id = p.account_id
     WHERE j.user_id = $1 AND a.kind = $2 AND j.kind IN ('savings.deposit', 'savings.withdrawal')
       AND j.reversed_by_id IS NULL`,
    [userId, pot],
  );
  return new Map(rows.map((r) => [String(r.id), { kind: r.kind, amount: Number(r.amount_cents) / 100, date: r.date }]));
}

/** A deposit into a ledger: what is acknowledged must be listed after any crash, with its amount and day. */
async function deposit(ctx: WriteContext, kindName: string, path: string): Promise<void> {
  const { user, url, random, record, today } = ctx;
  const body = { kind: 'deposit', amount: cents(random, 1, 500), date: addDays(today, -random.int(0, 30)) };
  await send(
    record.append(slot(kindName, user), body),
    () => user.request(url, 'POST', path, body),
    (res) => (res as { data: { entry: { id: string } } }).data.entry.id,
  );
}

const FUND = '/api/v1/user-emergency-fund';

// The emergency fund's ledger (issue 12): the fund is set up once, unrecorded (a 409 means it exists).
const emergencyFundEntries: WriteKind = {
  name: 'emergency-fund-entries',
  shape: 'append',
  async write(ctx) {
    const { user, url } = ctx;
    const fund = await user.request(url, 'GET', FUND).catch(() => undefined);
    if (!fund) return false;
    if (fund.status === 404) {
      const setup = { is_saving: false, monthly_income: 5_000, monthly_saving: 200, monthly_saving_want: 300 };
      const created = await user.request(url, 'POST', FUND, setup).catch(() => undefined);
      if (!created || (created.status !== 201 && created.status !== 409)) return false;
    } else if (fund.status !== 200) return false;
    await deposit(ctx, 'emergency-fund-entries', `${FUND}/entries`);
    return true;
  },
  async read({ user, url, sql }) {
    if (sql)
      return new Map([
        [slot('emergency-fund-entries', user), await potEntriesInLedger(sql, 'emergency_fund', user.id)],
      ]);
    const fund = await user.request(url, 'GET', FUND);
    const entries = fund.status === 404 ? new Map() : await allEntries(user, url, `${FUND}/entries`);
    return new Map([[slot('emergency-fund-entries', user), entries]]);
  },
};

const GOALS = '/api/v1/user-lifestyle-saving';

// A lifestyle goal's ledger (issue 13): one goal per user, created unrecorded the first time.
const goalEntries: WriteKind = {
  name: 'goal-entries',
  shape: 'append',
  async write(ctx) {
    const { user, url } = ctx;
    const list = await user.request(url, 'GET', GOALS).catch(() => undefined);
    if (list?.status !== 200) return false;
    let goalId = (list.body as { data: { id: string }[] }).data[0]?.id;
    if (!goalId) {
      const goal = { name: 'Chaos trip', kind: 'travel', target_amount: 100_000, saved_amount: 0, horizon_years: 3 };
      const created = await user.request(url, 'POST', GOALS, goal).catch(() => undefined);
      if (created?.status !== 201) return false;
      goalId = (created.body as { data: { id: string } }).data.id;
    }
    await deposit(ctx, 'goal-entries', `${GOALS}/${goalId}/entries`);
    return true;
  },
  async read({ user, url, sql }) {
    if (sql) return new Map([[slot('goal-entries', user), await potEntriesInLedger(sql, 'goal', user.id)]]);
    const goals = dataOf<{ id: string }[]>(await user.request(url, 'GET', GOALS), 'goals');
    const entries = new Map<string, unknown>();
    for (const goal of goals) {
      for (const [id, entry] of await allEntries(user, url, `${GOALS}/${goal.id}/entries`)) entries.set(id, entry);
    }
    return new Map([[slot('goal-entries', user), entries]]);
  },
};

const INVESTMENT = '/api/v1/user-investment';

interface InvestmentAccountWire {
  id: string;
  name: string;
  kind: string;
  balance: number;
  monthly_contribution: number;
  employer_monthly_contribution: number;
  expected_return_percent: number;
  version: number;
}

/** The user's first investment account; undefined when there is no profile (404) or it could not be read. */
async function firstInvestmentAccount(user: ChaosUser, url: string): Promise<InvestmentAccountWire | null | undefined> {
  const res = await user.request(url, 'GET', INVESTMENT).catch(() => undefined);
  if (res?.status === 404) return null;
  if (res?.status !== 200) return undefined;
  return (res.body as { data: { accounts: InvestmentAccountWire[] } }).data.accounts[0];
}

// An investment account's balance (issue 14): the profile with one account is set up once,
// unrecorded (a 409 means it exists); each write then sets the account's balance for today.
const investmentBalance: WriteKind = {
  name: 'investment-balance',
  shape: 'replace',
  async write({ user, url, random, record }) {
    let account = await firstInvestmentAccount(user, url);
    if (account === null) {
      const setup = {
        birth_year: 1985,
        retirement_age: 65,
        accounts: [
          { name: 'Chaos 401k', kind: '401k', balance: 1_000, monthly_contribution: 100, expected_return_percent: 6 },
        ],
      };
      const created = await user.request(url, 'POST', INVESTMENT, setup).catch(() => undefined);
      if (!created || (created.status !== 201 && created.status !== 409)) return false;
      account = await firstInvestmentAccount(user, url);
    }
    if (!account) return false;
    // The account's form as the page sends it back: its fields and the version read, a new balance.
    const { id, name, kind, monthly_contribution, employer_monthly_contribution, expected_return_percent, version } =
      account;
    const form = { name, kind, monthly_contribution, employer_monthly_contribution, expected_return_percent, version };
    const balance = cents(random, 0, 1_000_000);
    await send(record.replace(slot('investment-balance', user), balance), () =>
      user.request(url, 'PUT', `${INVESTMENT}/accounts/${id}`, { ...form, balance }),
    );
    return true;
  },
  async read({ user, url }) {
    const res = await user.request(url, 'GET', INVESTMENT);
    if (res.status === 404) return new Map([[slot('investment-balance', user), null]]);
    const { accounts } = dataOf<{ accounts: InvestmentAccountWire[] }>(res, 'investments');
    return new Map([[slot('investment-balance', user), accounts[0]?.balance ?? null]]);
  },
};

const NEST = '/api/v1/nest';

interface NestEntryWire {
  kind: string;
  amount: number;
  date: string;
  deposit_id: string | null;
}

// Income recorded into the Money Nest (issue 15): activated once, unrecorded (again is a 200). An
// acknowledged deposit must be there after any crash with its amount and day, and its allocation
// entries in the ledger must add up to it (however the rules split it).
const nestDeposits: WriteKind = {
  name: 'nest-deposits',
  shape: 'append',
  async write({ user, url, random, record, today }) {
    const activated = await user.request(url, 'POST', `${NEST}/activate`).catch(() => undefined);
    if (!activated || activated.status >= 300) return false;
    const sent = { amount: cents(random, 1, 5_000), date: addDays(today, -random.int(0, 30)) };
    await send(
      record.append(slot('nest-deposits', user), sent),
      () => user.request(url, 'POST', `${NEST}/deposits`, { ...sent, source: `Chaos ${random.int(0, 1e6)}` }),
      (res) => (res as { data: { deposit: { id: string } } }).data.deposit.id,
    );
    return true;
  },
  async read({ user, url, sql }) {
    if (sql) {
      const rows = await sql(
        // A deposit is the Nest's journal (issue 27): its amount is what its Income line gave.
        `SELECT j.id, (-p.amount_cents)::text AS amount_cents, to_char(j.date, 'YYYY-MM-DD') AS date
           FROM ledger_journals j
           JOIN ledger_postings p ON p.journal_id = j.id
           JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'income'
          WHERE j.user_id = $1 AND j.kind = 'nest.deposit'`,
        [user.id],
      );
      const deposits = new Map(rows.map((r) => [String(r.id), { amount: Number(r.amount_cents) / 100, date: r.date }]));
      return new Map([[slot('nest-deposits', user), deposits]]);
    }
    // Through the routes: each deposit as the sum of its allocation entries, in cents.
    const byDeposit = new Map<string, { cents: number; date: string }>();
    let cursor: string | null = null;
    do {
      const query: string = `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await user.request(url, 'GET', `${NEST}/entries${query}`);
      for (const e of dataOf<NestEntryWire[]>(res, 'nest entries')) {
        if (e.kind !== 'allocation' || !e.deposit_id) continue;
        const sum = byDeposit.get(e.deposit_id) ?? { cents: 0, date: e.date };
        sum.cents += Math.round(e.amount * 100);
        byDeposit.set(e.deposit_id, sum);
      }
      cursor = (res.body as { next_cursor: string | null }).next_cursor;
    } while (cursor);
    const deposits = new Map([...byDeposit].map(([id, s]) => [id, { amount: s.cents / 100, date: s.date }]));
    return new Map([[slot('nest-deposits', user), deposits]]);
  },
};

export const writeKinds: WriteKind[] = [
  userDebts,
  notificationRead,
  profile,
  reminderPreferences,
  feedback,
  emergencyFundEntries,
  goalEntries,
  investmentBalance,
  nestDeposits,
];

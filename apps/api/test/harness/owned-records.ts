import {
  investmentAccounts,
  ledgerAccounts,
  ledgerJournals,
  ledgerPostings,
  lifestyleGoals,
  passkeys,
  userBudgets,
  userDebts,
  vaultFiles,
  walletImports,
} from '@helo/db/schema';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { vaultFileBody } from '../../src/modules/vault/testing.ts';
import { fileBody } from '../../src/modules/wallet/testing.ts';
import type { TestApp } from '../test-app.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import type { KnownName } from './wire.ts';

/**
 * Records the fuzz user owns in every area that has per-row routes, so that the fuzzer's ids can be
 * real ones: without them every `/{id}` route only ever answered its 404, and the code behind the
 * lookup (version checks, ledger rules, deletes) was never reached.
 *
 * The fuzzer may delete or replace these records (a valid DELETE, a loan list saved without them),
 * so the ids are read again after every successful write, and a record that is gone is made again.
 */
export type OwnedName = Extract<
  KnownName,
  | 'loan_id'
  | 'fund_entry_id'
  | 'budget_id'
  | 'goal_id'
  | 'goal_entry_id'
  | 'investment_account_id'
  | 'nest_deposit_id'
  | 'account_id'
  | 'wallet_transaction_id'
  | 'wallet_import_id'
  | 'vault_file_id'
  | 'passkey_id'
>;
export const OWNED_NAMES: readonly OwnedName[] = [
  'loan_id',
  'fund_entry_id',
  'budget_id',
  'goal_id',
  'goal_entry_id',
  'investment_account_id',
  'nest_deposit_id',
  'account_id',
  'wallet_transaction_id',
  'wallet_import_id',
  'vault_file_id',
  'passkey_id',
];

/** Which of the user's ids a path parameter names, by the route's path; undefined for none. */
const PATH_IDS: [RegExp, string, KnownName][] = [
  [/\/notifications\/\{id\}/, 'id', 'notification_id'],
  [/\/user-debts\/\{id\}/, 'id', 'loan_id'],
  [/\/user-emergency-fund\/entries\/\{id\}/, 'id', 'fund_entry_id'],
  [/\/user-budgets\/\{id\}/, 'id', 'budget_id'],
  [/\/user-lifestyle-saving\/\{id\}/, 'id', 'goal_id'],
  [/\/user-lifestyle-saving\/\{id\}\/entries\/\{entryId\}/, 'entryId', 'goal_entry_id'],
  [/\/user-investment\/accounts\/\{id\}/, 'id', 'investment_account_id'],
  [/\/nest\/deposits\/\{id\}/, 'id', 'nest_deposit_id'],
  [/\/v1\/accounts\/\{id\}/, 'id', 'account_id'],
  [/\/wallet\/transactions\/\{id\}/, 'id', 'wallet_transaction_id'],
  // A transfer is a transaction between two of the user's accounts (a transaction that is none is a 404).
  [/\/wallet\/transfers\/\{id\}/, 'id', 'wallet_transaction_id'],
  [/\/wallet\/imports\/\{id\}/, 'id', 'wallet_import_id'],
  [/\/vault\/files\/\{id\}/, 'id', 'vault_file_id'],
  [/\/auth\/passkeys\/\{id\}/, 'id', 'passkey_id'],
  [/\/tools\/\{id\}\/waitlist/, 'id', 'tool_id'],
];
export function ownedIdFor(path: string, param: string): KnownName | undefined {
  return PATH_IDS.find(([route, name]) => name === param && route.test(path))?.[2];
}

/** `headers` for a body that is not JSON (a bank file's multipart upload). */
type Send = (
  method: 'POST',
  url: string,
  payload: object,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

/** How to make each record through the API (the way a user would), for the user who sends. */
const MAKE: Record<OwnedName, (send: Send, ids: Partial<Record<OwnedName, string>>) => Promise<void>> = {
  loan_id: async (send) => {
    await must(
      send('POST', '/api/v1/user-debts', {
        debts: [
          {
            debt_id: 1,
            initial_loan_amount: 12_000,
            outstanding_balance: 8_000,
            monthly_payment_amount: 250,
            interest_rate: 6.5,
            due_date: '2026-12-01',
          },
        ],
      }),
    );
  },
  fund_entry_id: async (send) => {
    // A second setup is a 409 once the fund exists; the deposit then goes into it.
    await send('POST', '/api/v1/user-emergency-fund', {
      is_saving: true,
      saved_amount: 500,
      monthly_income: 4_000,
      monthly_saving: 100,
      monthly_saving_want: 200,
    });
    await must(
      // Today on the test clock: a fund takes no entry dated before the day it was set up.
      send('POST', '/api/v1/user-emergency-fund/entries', { kind: 'deposit', amount: 50, date: '2026-11-21' }),
    );
  },
  budget_id: async (send) => {
    await must(
      send('POST', '/api/v1/user-budgets', {
        month: '2026-11',
        net_income: 4_000,
        categories: [{ name: 'Rent', group: 'needs', planned: 1_500, preset: 'housing' }],
      }),
    );
  },
  goal_id: async (send) => {
    await must(
      send('POST', '/api/v1/user-lifestyle-saving', {
        name: 'Fuzz trip',
        kind: 'travel',
        target_amount: 3_000,
        saved_amount: 100,
        horizon_years: 1,
      }),
    );
  },
  goal_entry_id: async (send, ids) => {
    if (!ids.goal_id) return;
    await must(
      send('POST', `/api/v1/user-lifestyle-saving/${ids.goal_id}/entries`, {
        kind: 'deposit',
        amount: 25,
        date: '2026-11-20',
      }),
    );
  },
  investment_account_id: async (send) => {
    // The profile comes with its first account; once it exists, an account is added to it.
    const setup = await send('POST', '/api/v1/user-investment', {
      birth_year: 1990,
      retirement_age: 67,
      accounts: [fuzzAccount],
    });
    if (setup.statusCode === 409) await must(send('POST', '/api/v1/user-investment/accounts', fuzzAccount));
    else if (setup.statusCode >= 500) throw new Error(`making a fuzz record failed: ${setup.body}`);
  },
  nest_deposit_id: async (send) => {
    // Activating again is a 200; the deposit is split by whatever rules the fuzzer saved.
    await must(send('POST', '/api/v1/nest/activate', {}));
    await must(send('POST', '/api/v1/nest/deposits', { amount: 1_000, date: '2026-11-20', source: 'Fuzz pay' }));
  },
  account_id: async (send) => {
    // A name already taken (the fuzzer's own account) is a 400, and that account is still there to find.
    await must(send('POST', '/api/v1/nest/activate', {}));
    await must(
      send('POST', '/api/v1/accounts', {
        kind: 'savings',
        name: 'Fuzz savings',
        opening_balance: 100,
        opening_date: '2026-11-20',
      }),
    );
  },
  wallet_transaction_id: async (send) => {
    await must(send('POST', '/api/v1/nest/activate', {}));
    await must(send('POST', '/api/v1/wallet/transactions', { amount: -12.5, date: '2026-11-20', payee: 'Fuzz cafe' }));
  },
  wallet_import_id: async (send) => {
    await must(send('POST', '/api/v1/nest/activate', {}));
    const upload = fileBody(
      'fuzz.csv',
      'Date,Payee,Amount\n11/20/2026,Fuzz grocer,-9.99\n11/20/2026,Fuzz refund,2.50\n',
    );
    await must(send('POST', '/api/v1/wallet/imports', upload.payload, upload.headers));
  },
  vault_file_id: async (send) => {
    // Activating again is a 200; a full Vault (the fuzzer's uploads) is a 409 or 413, not a 500.
    await must(send('POST', '/api/v1/vault/activate', {}));
    const upload = vaultFileBody('fuzz notes.txt', 'Fuzz notes\n', 'text/plain');
    await must(send('POST', '/api/v1/vault/files', upload.payload, upload.headers));
  },
  passkey_id: async (send) => {
    // A registration as the browser does it, with a software authenticator; a full list (10) is a 409.
    const options = await send('POST', '/api/v1/auth/passkeys/options', {});
    if (options.statusCode !== 200) return must(Promise.resolve(options));
    const credential = new SoftAuthenticator().register(JSON.parse(options.body).data.options);
    await must(send('POST', '/api/v1/auth/passkeys', { name: 'Fuzz key', credential }));
  },
};

const fuzzAccount = {
  name: 'Fuzz 401(k)',
  kind: '401k',
  balance: 20_000,
  monthly_contribution: 300,
  employer_monthly_contribution: 150,
  expected_return_percent: 6,
};

async function must(answer: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const res = await answer;
  // The fuzzer's earlier inputs may have filled an area (50 goals, a budget for the month): any
  // refusal but a server error still leaves the user with a record to find.
  if (res.statusCode >= 500) throw new Error(`making a fuzz record failed: ${res.statusCode} ${res.body}`);
}

/** The newest entry typed on a pot's page (the fund's or a goal's) that is still listed: a live journal of the ledger. */
function potEntries(t: TestApp, userId: string, kind: 'emergency_fund' | 'goal') {
  return t.database.db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerAccounts.kind, kind),
        inArray(ledgerJournals.kind, ['savings.deposit', 'savings.withdrawal', 'savings.correction']),
        isNull(ledgerJournals.reversedById),
        // A deleted goal's entries are no longer any goal's.
        kind === 'goal'
          ? inArray(
              ledgerAccounts.subjectId,
              t.database.db
                .select({ id: lifestyleGoals.id })
                .from(lifestyleGoals)
                .where(eq(lifestyleGoals.userId, userId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(ledgerJournals.createdAt))
    .limit(1);
}

/** The newest of each record the user owns, straight from the database. */
export async function readOwnedIds(t: TestApp, userId: string): Promise<Partial<Record<OwnedName, string>>> {
  const { db } = t.database;
  const newest = async (rows: Promise<{ id: string }[]>) => (await rows)[0]?.id;
  return {
    loan_id: await newest(db.select({ id: userDebts.id }).from(userDebts).where(eq(userDebts.userId, userId)).limit(1)),
    fund_entry_id: await newest(potEntries(t, userId, 'emergency_fund')),
    budget_id: await newest(
      db.select({ id: userBudgets.id }).from(userBudgets).where(eq(userBudgets.userId, userId)).limit(1),
    ),
    goal_id: await newest(
      db
        .select({ id: lifestyleGoals.id })
        .from(lifestyleGoals)
        .where(eq(lifestyleGoals.userId, userId))
        .orderBy(desc(lifestyleGoals.createdAt))
        .limit(1),
    ),
    goal_entry_id: await newest(potEntries(t, userId, 'goal')),
    investment_account_id: await newest(
      db
        .select({ id: investmentAccounts.id })
        .from(investmentAccounts)
        .where(eq(investmentAccounts.userId, userId))
        .limit(1),
    ),
    // One not reversed yet, so a reversal can succeed.
    nest_deposit_id: await newest(
      db
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(
          and(
            eq(ledgerJournals.userId, userId),
            eq(ledgerJournals.kind, 'nest.deposit'),
            isNull(ledgerJournals.reversedById),
          ),
        )
        .orderBy(desc(ledgerJournals.createdAt))
        .limit(1),
    ),
    // An open account of the user's own, not the Wallet (which can not be deleted).
    account_id: await newest(
      db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.userId, userId),
            inArray(ledgerAccounts.kind, ['checking', 'savings', 'credit_card', 'cash']),
            isNull(ledgerAccounts.closedAt),
            isNull(ledgerAccounts.subjectId),
          ),
        )
        .orderBy(desc(ledgerAccounts.createdAt))
        .limit(1),
    ),
    // The id a transaction is known by: its live journal's group.
    wallet_transaction_id: await newest(
      db
        .select({ id: ledgerJournals.groupId })
        .from(ledgerJournals)
        .where(
          and(
            eq(ledgerJournals.userId, userId),
            eq(ledgerJournals.kind, 'wallet.transaction'),
            isNull(ledgerJournals.reversedById),
            isNull(ledgerJournals.reversesId),
          ),
        )
        .orderBy(desc(ledgerJournals.createdAt))
        .limit(1),
    ),
    // One not committed yet, so a preview and a commit can succeed.
    wallet_import_id: await newest(
      db
        .select({ id: walletImports.id })
        .from(walletImports)
        .where(and(eq(walletImports.userId, userId), isNull(walletImports.committedAt)))
        .orderBy(desc(walletImports.createdAt))
        .limit(1),
    ),
    vault_file_id: await newest(
      db
        .select({ id: vaultFiles.id })
        .from(vaultFiles)
        .where(eq(vaultFiles.userId, userId))
        .orderBy(desc(vaultFiles.createdAt))
        .limit(1),
    ),
    passkey_id: (
      await db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.id))
        .limit(1)
    )[0]?.id.toString(),
  };
}

/** Reads the user's ids, makes what is missing (in order: a goal before its entry), and reads again. */
export async function ensureOwnedRecords(
  t: TestApp,
  userId: string,
  send: Send,
): Promise<Partial<Record<OwnedName, string>>> {
  let ids = await readOwnedIds(t, userId);
  for (const name of OWNED_NAMES) {
    if (ids[name]) continue;
    await MAKE[name](send, ids);
    ids = await readOwnedIds(t, userId);
  }
  return ids;
}

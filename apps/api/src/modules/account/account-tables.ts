import {
  authSessions,
  budgetCategories,
  connectRequests,
  emailReminderPreferences,
  emergencyFunds,
  feedback,
  investmentAccounts,
  investmentProfiles,
  ledgerAccounts,
  ledgerBatches,
  ledgerJournals,
  ledgerLinks,
  ledgerPostings,
  lifestyleGoals,
  loanPlans,
  loginChallenges,
  nestAccounts,
  nestRules,
  notifications,
  onboardingProfiles,
  oneTimeTokens,
  outboxMail,
  passkeys,
  recoveryCodes,
  refreshTokens,
  toolWaitlist,
  userBudgets,
  userDebts,
  userGoals,
  users,
  userTotp,
  vaultAccounts,
  vaultFiles,
  walletImports,
  webauthnChallenges,
} from '@helo/db/schema';
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Every table that can hold a user's rows, and how the export reads them (issue 16). One list for
 * the export, its README and the tests: `account-tables.test.ts` reads information_schema and fails
 * when a table is neither here nor in `LEFT_OUT`, so a new feature's table cannot be forgotten.
 *
 * `scope` is the column that names the user: the user's id, or (the outbox, which keeps no user id)
 * the user's email address. A table reached only through a parent would name the parent's column
 * in a `through` scope; every table today carries `user_id` itself (ARCHITECTURE: sharding by user).
 * `withheld` columns are secrets or the means to sign in: they never leave the server, not even to
 * their owner (a copy of an export must not be a way into the account).
 */
export interface UserTable {
  /** The table's name in the database, also the key in data.json and the CSV's name. */
  name: string;
  table: PgTable;
  scope: { column: Column; by: 'user_id' | 'email' };
  /** Database column names never exported. */
  withheld: string[];
  /** What a row is, for the archive's README. */
  about: string;
  /** Stable order of rows in the files. */
  orderBy: Column[];
}

const byUser = (column: Column) => ({ column, by: 'user_id' as const });

export const USER_TABLES: UserTable[] = [
  {
    name: 'users',
    table: users,
    scope: byUser(users.id),
    withheld: ['password_hash'],
    about: 'Your account: name, email address, when it was verified, created and last changed.',
    orderBy: [users.id],
  },
  {
    name: 'auth_sessions',
    table: authSessions,
    scope: byUser(authSessions.userId),
    withheld: [],
    about: 'Each sign-in (a device or browser): when it started, was last used, ended and why.',
    orderBy: [authSessions.createdAt, authSessions.id],
  },
  {
    name: 'refresh_tokens',
    table: refreshTokens,
    scope: byUser(refreshTokens.userId),
    withheld: ['token_hash'],
    about: 'The tokens that kept each session signed in, with when they were issued and exchanged.',
    orderBy: [refreshTokens.createdAt, refreshTokens.id],
  },
  {
    name: 'one_time_tokens',
    table: oneTimeTokens,
    scope: byUser(oneTimeTokens.userId),
    withheld: ['token_hash'],
    about: 'Email verification and password reset links we mailed you: when, until when, and whether used.',
    orderBy: [oneTimeTokens.createdAt, oneTimeTokens.id],
  },
  {
    name: 'user_totp',
    table: userTotp,
    scope: byUser(userTotp.userId),
    withheld: ['secret_encrypted', 'last_used_step'],
    about: 'Two-factor sign-in with an authenticator app: when it was set up and turned on (empty: never).',
    orderBy: [userTotp.userId],
  },
  {
    name: 'recovery_codes',
    table: recoveryCodes,
    scope: byUser(recoveryCodes.userId),
    withheld: ['code_hash'],
    about: 'Your two-factor recovery codes: when each was made and used (the codes themselves are not kept).',
    orderBy: [recoveryCodes.id],
  },
  {
    name: 'passkeys',
    table: passkeys,
    scope: byUser(passkeys.userId),
    withheld: ['credential_id', 'public_key', 'counter'],
    about: 'Your passkeys: name, kind of device, whether it is synced, when added and last used.',
    orderBy: [passkeys.id],
  },
  {
    name: 'login_challenges',
    table: loginChallenges,
    scope: byUser(loginChallenges.userId),
    withheld: ['token_hash', 'webauthn_challenge'],
    about: 'Sign-ins that waited for their second step (a code or a passkey): when, from where, and whether finished.',
    orderBy: [loginChallenges.createdAt, loginChallenges.id],
  },
  {
    name: 'webauthn_challenges',
    table: webauthnChallenges,
    scope: byUser(webauthnChallenges.userId),
    withheld: ['challenge'],
    about: 'Passkey registrations started and not yet finished (they expire within minutes).',
    orderBy: [webauthnChallenges.createdAt, webauthnChallenges.id],
  },
  {
    name: 'notifications',
    table: notifications,
    scope: byUser(notifications.userId),
    withheld: [],
    about: 'The notifications in the app, read or not.',
    orderBy: [notifications.createdAt, notifications.id],
  },
  {
    name: 'email_reminder_preferences',
    table: emailReminderPreferences,
    scope: byUser(emailReminderPreferences.userId),
    withheld: [],
    about: 'Which emails you want from us (empty: the defaults, never changed).',
    orderBy: [emailReminderPreferences.userId],
  },
  {
    name: 'outbox_mail',
    table: outboxMail,
    scope: { column: outboxMail.toAddress, by: 'email' },
    // The bodies hold sign-in and reset links (and are removed once a mail is delivered).
    withheld: ['text_body', 'html_body', 'last_error'],
    about: 'The emails we sent (or are about to send) to your address: subject, kind, when; not their text.',
    orderBy: [outboxMail.createdAt, outboxMail.id],
  },
  {
    name: 'onboarding_profiles',
    table: onboardingProfiles,
    scope: byUser(onboardingProfiles.userId),
    withheld: [],
    about: 'Your answers to the setup after verifying: monthly take-home income (cents) and what you wanted first.',
    orderBy: [onboardingProfiles.userId],
  },
  {
    name: 'user_goals',
    table: userGoals,
    scope: byUser(userGoals.userId),
    withheld: [],
    about: 'The goals you picked when you started (goal_id: one of GET /api/v1/goals).',
    orderBy: [userGoals.goalId],
  },
  {
    name: 'user_debts',
    table: userDebts,
    scope: byUser(userDebts.userId),
    withheld: [],
    about:
      'Your loans (debt_id: the kind, see GET /api/v1/debts; nickname: the lender or your name for it), in the order you listed them.',
    orderBy: [userDebts.position, userDebts.id],
  },
  {
    name: 'loan_plans',
    table: loanPlans,
    scope: byUser(loanPlans.userId),
    withheld: [],
    about: 'The extra amount a month (cents) your payoff plans on My Loans were last worked out with.',
    orderBy: [loanPlans.userId],
  },
  {
    name: 'emergency_funds',
    table: emergencyFunds,
    scope: byUser(emergencyFunds.userId),
    withheld: [],
    about: 'Your emergency fund: the answers it was set up with (its balance is the starting amount plus the entries).',
    orderBy: [emergencyFunds.id],
  },
  {
    name: 'user_budgets',
    table: userBudgets,
    scope: byUser(userBudgets.userId),
    withheld: [],
    about: 'Your monthly budgets: the month and the net income planned.',
    orderBy: [userBudgets.month, userBudgets.id],
  },
  {
    name: 'budget_categories',
    table: budgetCategories,
    scope: byUser(budgetCategories.userId),
    withheld: [],
    about: "Each budget's categories (budget_id: the row of user_budgets) and what was planned for them.",
    orderBy: [budgetCategories.budgetId, budgetCategories.position],
  },
  {
    name: 'connect_requests',
    table: connectRequests,
    scope: byUser(connectRequests.userId),
    withheld: [],
    about: 'Your request to be put in touch with an advisor.',
    orderBy: [connectRequests.id],
  },
  {
    name: 'lifestyle_goals',
    table: lifestyleGoals,
    scope: byUser(lifestyleGoals.userId),
    withheld: [],
    about: 'Your savings goals and the plan each was set with.',
    orderBy: [lifestyleGoals.createdAt, lifestyleGoals.id],
  },
  {
    name: 'investment_profiles',
    table: investmentProfiles,
    scope: byUser(investmentProfiles.userId),
    withheld: [],
    about: 'Your retirement profile: birth year, retirement age, inflation assumed.',
    orderBy: [investmentProfiles.userId],
  },
  {
    name: 'investment_accounts',
    table: investmentAccounts,
    scope: byUser(investmentAccounts.userId),
    withheld: [],
    about: 'Your investment accounts: balance, contributions and expected return.',
    orderBy: [investmentAccounts.createdAt, investmentAccounts.id],
  },
  {
    name: 'nest_accounts',
    table: nestAccounts,
    scope: byUser(nestAccounts.userId),
    withheld: [],
    about: 'Your Money Nest: when it was turned on, and the version of its allocation rules.',
    orderBy: [nestAccounts.userId],
  },
  {
    name: 'nest_rules',
    table: nestRules,
    scope: byUser(nestRules.userId),
    withheld: [],
    about: "The Money Nest's allocation rules in your order (percent_basis_points: 1,250 is 12.5 %).",
    orderBy: [nestRules.position, nestRules.id],
  },
  {
    name: 'ledger_accounts',
    table: ledgerAccounts,
    scope: byUser(ledgerAccounts.userId),
    withheld: [],
    about:
      'Your ledger: each account of yours (what you own or owe) and each place money comes from or goes to, with its balance in cents (what you owe is below zero).',
    orderBy: [ledgerAccounts.createdAt, ledgerAccounts.id],
  },
  {
    name: 'ledger_batches',
    table: ledgerBatches,
    scope: byUser(ledgerBatches.userId),
    withheld: [],
    about:
      "Journals that came together (a bank file you imported; its id is the import's): published_at is when they joined your balances.",
    orderBy: [ledgerBatches.createdAt, ledgerBatches.id],
  },
  {
    name: 'ledger_journals',
    table: ledgerJournals,
    scope: byUser(ledgerJournals.userId),
    withheld: [],
    about: 'Each movement of money: its date and description; a reversal names the journal it undoes.',
    orderBy: [ledgerJournals.date, ledgerJournals.createdAt, ledgerJournals.id],
  },
  {
    name: 'ledger_links',
    table: ledgerLinks,
    scope: byUser(ledgerLinks.userId),
    withheld: [],
    about:
      'Rows of bank files you imported that were recognised as a Money Nest deposit already recorded: the deposit (journal_id), the account and the bank id; unlinked_by_id is the transaction it became when you unlinked it.',
    orderBy: [ledgerLinks.createdAt, ledgerLinks.id],
  },
  {
    name: 'ledger_postings',
    table: ledgerPostings,
    scope: byUser(ledgerPostings.userId),
    withheld: [],
    about:
      'The lines of each journal: how many cents it added to (or took from) which account; each journal sums to zero.',
    orderBy: [ledgerPostings.id],
  },
  {
    name: 'wallet_imports',
    table: walletImports,
    scope: byUser(walletImports.userId),
    withheld: [],
    about:
      'Bank files you uploaded into My Wallet (content: the file, kept until it is imported; account_id: the account it went into). Their transactions are journals of the ledger.',
    orderBy: [walletImports.createdAt, walletImports.id],
  },
  {
    name: 'tool_waitlist',
    table: toolWaitlist,
    scope: byUser(toolWaitlist.userId),
    withheld: [],
    about: 'The upcoming tools whose waitlist you joined, and when.',
    orderBy: [toolWaitlist.joinedAt, toolWaitlist.toolId],
  },
  {
    name: 'vault_accounts',
    table: vaultAccounts,
    scope: byUser(vaultAccounts.userId),
    withheld: [],
    about: 'Your Vault: when you activated it, the bytes and the number of files it holds.',
    orderBy: [vaultAccounts.userId],
  },
  {
    name: 'vault_files',
    table: vaultFiles,
    scope: byUser(vaultFiles.userId),
    // Where the encrypted copy is kept and its sealed key: internal, and no use outside Helo (the
    // documents themselves are in files/vault/).
    withheld: ['storage_key', 'wrapped_key'],
    about: 'The documents in your Vault: name, kind, size and when uploaded (the files are in files/vault/).',
    orderBy: [vaultFiles.createdAt, vaultFiles.id],
  },
  {
    name: 'feedback',
    table: feedback,
    scope: byUser(feedback.userId),
    withheld: [],
    about: 'Answers you gave to the feedback screen while signed in.',
    orderBy: [feedback.createdAt, feedback.id],
  },
];

/**
 * Tables of the database left out of the export on purpose, with the reason, as `schema.table`
 * (`schema.*` for a whole schema). Deleting an account must still leave none of the user's rows in
 * them: the deletion test scans every table of every schema.
 */
export const LEFT_OUT: Record<string, string> = {
  'public.goals': 'the catalogue of onboarding goals, the same for everyone (user_goals refers to it by id)',
  'public.debts': 'the catalogue of debt types, the same for everyone (user_debts refers to it by id)',
  'drizzle.*': 'the list of applied migrations: no user data',
  'pgboss.*': "the job queue's own tables: the scheduled jobs carry no user data (they read the tables above)",
};

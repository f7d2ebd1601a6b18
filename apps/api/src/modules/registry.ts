import type { ApiModule, UserTable } from '../api-module.ts';
import { accountModule } from './account/index.ts';
import { accountsModule } from './accounts/index.ts';
import { appConfigModule } from './app-config/index.ts';
import { authModule, recentAuthModule } from './auth/index.ts';
import { bankConnectionsModule } from './bank-connections/index.ts';
import { budgetsModule } from './budgets/index.ts';
import { cataloguesModule } from './catalogues/index.ts';
import { connectModule } from './connect/index.ts';
import { devModule } from './dev/index.ts';
import { emergencyFundModule } from './emergency-fund/index.ts';
import { feedbackModule } from './feedback/index.ts';
import { forecastModule } from './forecast/index.ts';
import { healthModule } from './health/index.ts';
import { homeModule } from './home/index.ts';
import { investmentsModule } from './investments/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { lifestyleGoalsModule } from './lifestyle-goals/index.ts';
import { loanPlanModule } from './loan-plan/index.ts';
import { nestModule } from './nest/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { onboardingModule } from './onboarding/index.ts';
import { passkeysModule } from './passkeys/index.ts';
import { recurringModule } from './recurring/index.ts';
import { savingsPotModule } from './savings-pot/index.ts';
import { toolsModule } from './tools/index.ts';
import { userDebtsModule } from './user-debts/index.ts';
import { vaultModule } from './vault/index.ts';
import { walletModule } from './wallet/index.ts';

/**
 * Every API module, in order (ARCHITECTURE.md "Modules keep to themselves"). app.ts builds their
 * services in this order (a module gets the services of those before it), registers their app-wide
 * plugins, then their routes in this order, and starts their jobs; the account export reads their
 * tables in this order; the test harness loops over it. A new module is one line here
 * (`registry.test.ts` fails for a folder of modules/ that has none).
 */
// biome-ignore lint/suspicious/noExplicitAny: each module types its own needs; app.ts checks them when it builds
export const MODULES: readonly ApiModule<any, any>[] = [
  healthModule,
  authModule,
  passkeysModule,
  // Sudo mode checks a password, a code or a passkey: after both.
  recentAuthModule,
  cataloguesModule,
  appConfigModule,
  onboardingModule,
  notificationsModule,
  userDebtsModule,
  loanPlanModule,
  savingsPotModule,
  emergencyFundModule,
  budgetsModule,
  connectModule,
  lifestyleGoalsModule,
  accountsModule,
  investmentsModule,
  // Recurring series read the ledger's Wallet rows; the Nest and the Wallet read them: before both.
  recurringModule,
  // The Nest sends money to the fund, goals and investment accounts: after them.
  nestModule,
  ledgerModule,
  walletModule,
  // Syncs the bank into the accounts as My Wallet's transactions: after both.
  bankConnectionsModule,
  // Home reads every area's figures: after them.
  homeModule,
  // The forecast reads the accounts, the Nest, the loans, the budgets (and the recurring series): after them.
  forecastModule,
  toolsModule,
  vaultModule,
  feedbackModule,
  // The account's export and deletion read every module's tables and the Vault's files: last but one.
  accountModule,
  devModule,
];

/** Every table that holds a user's rows, module by module: what the account export reads and its deletion clears. */
export const USER_TABLES: UserTable[] = MODULES.flatMap((m) => m.userTables ?? []);

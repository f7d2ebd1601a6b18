import {
  walletDuplicatePairs,
  walletEditItems,
  walletEdits,
  walletImportAccounts,
  walletImportMappings,
  walletImports,
  walletRules,
  walletTransactionTags,
} from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import type { BudgetSpent } from '../budgets/index.ts';
import { walletBulkRoutes } from './bulk/bulk.routes.ts';
import { WalletBulkService } from './bulk/bulk.service.ts';
import { walletDuplicateRoutes } from './duplicates/duplicates.routes.ts';
import { WalletDuplicatesService } from './duplicates/duplicates.service.ts';
import { TransactionsExport } from './export/transactions-export.ts';
import { walletImportRoutes } from './import/import.routes.ts';
import { WalletImportService } from './import/import.service.ts';
import { walletRuleRoutes } from './rules/rules.routes.ts';
import { WalletRulesService } from './rules/rules.service.ts';
import type { NestDeposits } from './transfers/nest-paydays.ts';
import { categoryFlows } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';
import { DEFAULT_WALLET_LIMITS } from './wallet-limits.ts';

/** My Wallet: transactions and their summary (/api/v1/wallet), and bank file imports (/api/v1/wallet/imports). */
export const walletModule = defineModule({
  name: 'wallet',
  // The Money Nest's deposit (NestService, registered before): paychecks sent through it (issue 30 item 3).
  services: ({ db, clock, config }, { nest }: { nest?: NestDeposits }) => {
    const limits = config.walletLimits ?? DEFAULT_WALLET_LIMITS;
    const wallet = new WalletService(db, clock, limits, nest);
    return {
      wallet,
      walletTransactionsExport: new TransactionsExport(db, clock, wallet),
      walletImports: new WalletImportService(db, clock, limits, nest),
      walletDuplicates: new WalletDuplicatesService(db, clock),
      walletBulk: new WalletBulkService(db, clock),
      walletRules: new WalletRulesService(db, clock),
      // My Budget's pay periods read their Spent column from the Wallet's transactions (budgets/spent-source.ts).
      budgetSpent: categoryFlows satisfies BudgetSpent,
    };
  },
  routes: (
    _deps,
    {
      wallet,
      walletTransactionsExport: transactionsExport,
      walletImports,
      walletDuplicates,
      walletBulk,
      walletRules: rules,
      authenticate,
    },
  ) => [
    routes('/api/v1/wallet', walletRoutes, { service: wallet, transactionsExport, authenticate }),
    routes('/api/v1/wallet', walletDuplicateRoutes, { service: walletDuplicates, authenticate }),
    routes('/api/v1/wallet', walletBulkRoutes, { service: walletBulk, authenticate }),
    routes('/api/v1/wallet/imports', walletImportRoutes, { service: walletImports, authenticate }),
    routes('/api/v1/rules', walletRuleRoutes, { service: rules, authenticate }),
  ],
  userTables: [
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
      name: 'wallet_import_accounts',
      table: walletImportAccounts,
      scope: byUser(walletImportAccounts.userId),
      withheld: [],
      about:
        "The Helo account each account of a statement file went into (file_account: a SHA-256 of the bank's id and account number), so the next file from it goes there too.",
      orderBy: [walletImportAccounts.updatedAt, walletImportAccounts.id],
    },
    {
      name: 'wallet_import_mappings',
      table: walletImportMappings,
      scope: byUser(walletImportMappings.userId),
      withheld: [],
      about:
        "The columns you confirmed for a bank's CSV files, per account (shape: a fingerprint of the file's header row), so the next such file imports without asking again.",
      orderBy: [walletImportMappings.accountId, walletImportMappings.shape],
    },
    {
      name: 'wallet_duplicate_pairs',
      table: walletDuplicatePairs,
      scope: byUser(walletDuplicatePairs.userId),
      withheld: [],
      about:
        'What you decided about two transactions flagged as possible duplicates: kept both, or merged (with the journals the merge reversed and posted, so that it can be undone).',
      orderBy: [walletDuplicatePairs.createdAt, walletDuplicatePairs.id],
    },
    {
      name: 'wallet_edits',
      table: walletEdits,
      scope: byUser(walletEdits.userId),
      withheld: [],
      about:
        "Changes of many transactions at once (a bulk edit, or a rule applied to past transactions: kind, and the rule's id), kept so that one undo takes each back (undone_at: when it was).",
      orderBy: [walletEdits.createdAt, walletEdits.id],
    },
    {
      name: 'wallet_edit_items',
      table: walletEditItems,
      scope: byUser(walletEditItems.userId),
      withheld: [],
      about:
        "Each transaction such a change touched (group_id: the transaction's id) with the ledger journal it had before and the one the change left, and what it did to its tags.",
      orderBy: [walletEditItems.editId, walletEditItems.groupId],
    },
    {
      name: 'wallet_rules',
      table: walletRules,
      scope: byUser(walletRules.userId),
      withheld: [],
      about:
        'Your rules for My Wallet, in their order (position): the conditions a transaction must meet and what is done to it (its category, payee, tags, a transfer or a split).',
      orderBy: [walletRules.position, walletRules.id],
    },
    {
      name: 'wallet_transaction_tags',
      table: walletTransactionTags,
      scope: byUser(walletTransactionTags.userId),
      withheld: [],
      about: "The tags you put on your transactions (group_id: the transaction's id).",
      orderBy: [walletTransactionTags.groupId, walletTransactionTags.tag],
    },
  ],
});

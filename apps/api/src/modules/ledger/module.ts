import { ledgerAccounts, ledgerBatches, ledgerJournals, ledgerLinks, ledgerPostings } from '@helo/db/schema';
import { byUser, defineModule } from '../../api-module.ts';

/** The ledger: no routes of its own (every area posts through post()/reverse()); its tables. */
export const ledgerModule = defineModule({
  name: 'ledger',
  userTables: [
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
  ],
});

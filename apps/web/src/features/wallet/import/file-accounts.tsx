import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX, type Account, type AccountKind } from '@helo/contract/accounts';
import type { WalletImportFileAccount } from '@helo/contract/wallet';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { kindLabel } from '../accounts/account-values.ts';
import styles from './import-wizard.module.css';

/** The choice that opens a new account's fields. */
export const NEW_ACCOUNT = 'new';

/** Where one of the file's accounts goes: an account's id, NEW_ACCOUNT (with its kind and name), or '' (not chosen). */
export interface AccountPick {
  account: string;
  kind: AccountKind | '';
  name: string;
}
export type AccountPicks = Record<string, AccountPick>;
export type PickProblems = Record<string, { account?: string; kind?: string; name?: string }>;

const TYPE_NAMES: Record<string, string> = {
  CREDITLINE: 'Credit line',
  CREDITCARD: 'Credit card',
  MONEYMRKT: 'Money market',
  INVESTMENT: 'Investment',
  // QIF's register types.
  CCARD: 'Credit card',
  'OTH A': 'Other asset',
  'OTH L': 'Other liability',
};

/** "…6789 · Checking": the file's account as a person knows it. */
export function fileAccountName(a: WalletImportFileAccount): string {
  const type = a.type ? (TYPE_NAMES[a.type] ?? a.type.charAt(0) + a.type.slice(1).toLowerCase()) : null;
  return [a.bank_account ?? `Account ${a.key}`, type].filter(Boolean).join(' · ');
}

/** The kind a new account for it most likely is, from what the file calls it. */
function kindOf(a: WalletImportFileAccount): AccountKind {
  if (a.type === 'SAVINGS') return 'savings';
  if (a.type === 'CREDITCARD' || a.type === 'CREDITLINE' || a.type === 'CCARD') return 'credit_card';
  if (a.type === 'CASH') return 'cash';
  return 'checking';
}

/** Each file account's pick as the server matched it (an account used before), else none yet. */
export function initialPicks(fileAccounts: readonly WalletImportFileAccount[]): AccountPicks {
  return Object.fromEntries(
    fileAccounts.map((a) => [
      a.key,
      { account: a.account_id ?? '', kind: kindOf(a), name: `${fileAccountName(a)}`.slice(0, ACCOUNT_NAME_MAX) },
    ]),
  );
}

/** What is missing from the picks, in the words the fields show; empty when every account is chosen. */
export function pickProblems(picks: AccountPicks): PickProblems {
  const problems: PickProblems = {};
  for (const [key, pick] of Object.entries(picks)) {
    if (pick.account === '') problems[key] = { account: 'Choose an account for these transactions' };
    else if (pick.account === NEW_ACCOUNT && pick.kind === '') problems[key] = { kind: 'Choose a kind' };
    else if (pick.account === NEW_ACCOUNT && pick.name.trim() === '') problems[key] = { name: 'Name the account' };
  }
  return problems;
}

/**
 * A bank file of several accounts (a checking account and a card in one OFX): one choice per account
 * of the file, an account of the user's or a new one named here. The server remembers each choice,
 * so the next file from the bank comes with them made.
 */
export function FileAccountPickers({
  fileAccounts,
  accounts,
  picks,
  problems,
  disabled,
  onChange,
}: {
  fileAccounts: readonly WalletImportFileAccount[];
  accounts: readonly Account[];
  picks: AccountPicks;
  problems: PickProblems;
  disabled: boolean;
  onChange: (key: string, pick: AccountPick) => void;
}) {
  return (
    <fieldset className={styles.fileAccounts}>
      <legend className={styles.sampleTitle}>This file holds {fileAccounts.length} accounts</legend>
      {fileAccounts.map((a) => {
        const pick = picks[a.key] ?? { account: '', kind: '', name: '' };
        const problem = problems[a.key] ?? {};
        return (
          <div key={a.key} className={styles.fileAccount}>
            <SelectField
              label={`${fileAccountName(a)}: ${a.count.toLocaleString('en-US')} ${a.count === 1 ? 'transaction' : 'transactions'} into`}
              none="Choose an account"
              choices={[
                ...accounts.map((own) => ({ value: own.id, text: own.name })),
                { value: NEW_ACCOUNT, text: 'A new account…' },
              ]}
              value={pick.account}
              error={problem.account}
              disabled={disabled}
              data-file-account={a.key}
              onChange={(e) => onChange(a.key, { ...pick, account: e.target.value })}
            />
            {pick.account === NEW_ACCOUNT && (
              <div className={styles.newAccount}>
                <SelectField
                  label="Kind of account"
                  none="Choose a kind"
                  choices={ACCOUNT_KINDS.map((k) => ({ value: k, text: kindLabel(k) }))}
                  value={pick.kind}
                  error={problem.kind}
                  disabled={disabled}
                  onChange={(e) => onChange(a.key, { ...pick, kind: e.target.value as AccountKind | '' })}
                />
                <TextField
                  label="Account name"
                  maxLength={ACCOUNT_NAME_MAX}
                  autoComplete="off"
                  value={pick.name}
                  error={problem.name}
                  disabled={disabled}
                  onChange={(e) => onChange(a.key, { ...pick, name: e.target.value })}
                />
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

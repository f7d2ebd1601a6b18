import type { Account } from '@helo/contract/accounts';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/layout/notice.tsx';
import { Panel } from '../../../components/layout/panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOpenedFrom } from '../../../components/ui/use-opened-from.ts';
import { focusAfterClose } from '../../../lib/focus-after-close.ts';
import { AddAccountDialog, DeleteAccountDialog, EditAccountDialog } from './account-dialogs.tsx';
import { balanceText, heldAt, kindLabel } from './account-values.ts';
import styles from './accounts-panel.module.css';
import { useAccounts } from './use-accounts.ts';

/**
 * The user's accounts with their balances (the Wallet first: the Money Nest's spending money), each
 * with its kind and where it is held; adding, editing and deleting one. A list that reads as a table
 * on a wide screen (a header row names the columns) and as cards on a phone.
 */
export function AccountsPanel() {
  const accounts = useAccounts();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // A deleted account and its buttons are gone: the focus goes to 'Add an account' once the dialog is.
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (deletions > 0) addButton.current?.focus();
  }, [deletions]);
  const list = accounts.data ?? [];

  return (
    <Panel title="Your accounts" className={styles.panel}>
      <div>
        <Button ref={addButton} variant="secondary" onClick={() => setAdding(true)}>
          Add an account
        </Button>
      </div>
      <AddAccountDialog
        open={adding}
        onClose={() => {
          setAdding(false);
          focusAfterClose(() => addButton.current);
        }}
      />
      {accounts.isError && accounts.data === undefined ? (
        <Notice tone="error" role="alert">
          We could not load your accounts. Please reload the page.
        </Notice>
      ) : accounts.data === undefined ? (
        <Spinner label="Loading your accounts" />
      ) : (
        <div className={styles.list}>
          <div className={styles.header} aria-hidden="true">
            <span>Account</span>
            <span>Kind</span>
            <span>Held at</span>
            <span className={styles.amount}>Balance</span>
            <span className={styles.actions} />
          </div>
          <ul aria-label="Accounts and their balances">
            {list.map((account) => (
              <AccountItem
                key={account.id}
                account={account}
                others={list.filter((a) => a.id !== account.id)}
                onDeleted={() => setDeletions((n) => n + 1)}
              />
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}

function AccountItem({ account, others, onDeleted }: { account: Account; others: Account[]; onDeleted: () => void }) {
  const { open, setOpen, actions, closeAndFocus } = useOpenedFrom<'edit' | 'delete'>();
  const where = heldAt(account);
  return (
    <li className={styles.item}>
      <span className={styles.name}>
        <span>{account.name}</span>
        {account.is_wallet && <span className={styles.note}>The Money Nest’s spending money</span>}
      </span>
      <span className={styles.kind}>{kindLabel(account.kind)}</span>
      <span className={styles.where}>{where === '' ? <span className={styles.none}>—</span> : where}</span>
      <span className={styles.amount}>
        <span className="visually-hidden">Balance: </span>
        {balanceText(account)}
      </span>
      <div ref={actions} className={styles.actions}>
        <Button
          data-action="edit"
          variant="secondary"
          size="sm"
          aria-label={`Edit ${account.name}`}
          onClick={() => setOpen('edit')}
        >
          Edit
        </Button>
        {!account.is_wallet && (
          <Button
            data-action="delete"
            variant="ghost"
            size="sm"
            aria-label={`Delete ${account.name}`}
            onClick={() => setOpen('delete')}
          >
            Delete
          </Button>
        )}
      </div>
      <EditAccountDialog account={account} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
      {!account.is_wallet && (
        <DeleteAccountDialog
          account={account}
          others={others}
          open={open === 'delete'}
          onClose={() => closeAndFocus('delete')}
          onDeleted={() => {
            setOpen(null);
            onDeleted();
          }}
        />
      )}
    </li>
  );
}

import type { Account } from '@helo/contract/accounts';
import type { BankAccount, BankConnection } from '@helo/contract/bank-connections';
import { useRef, useState } from 'react';
import { MutedText } from '../../../components/layout/muted-text.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { Panel } from '../../../components/layout/panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDay, formatDollars } from '../../../lib/display-format.ts';
import { focusAfterClose } from '../../../lib/focus-after-close.ts';
import { TOAST_MS, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import styles from './bank-connections-panel.module.css';
import { ConnectBankDialog } from './connect-bank-dialog.tsx';
import { choicesOf, type MappingRow, mappingBodyOf, mappingRowsOf, NEW_ACCOUNT } from './mapping-values.ts';
import { useBankConnections, useDisconnectBank, useMapBankAccounts, useSyncBank } from './use-bank-connections.ts';

/**
 * My Wallet's bank connections (issue 28 item 3): connect with a SimpleFIN setup token, choose where
 * each of the bank's accounts syncs to (one of the user's accounts, a new one, or nowhere), sync now,
 * disconnect. Each bank account shows the bank's own balance; a failed sync says why.
 */
export function BankConnectionsPanel() {
  const connections = useBankConnections();
  const accounts = useAccounts();
  const [connecting, setConnecting] = useState(false);
  const connectButton = useRef<HTMLButtonElement>(null);

  return (
    <Panel title="Bank connections" className={styles.panel}>
      <MutedText>
        Connect your bank through SimpleFIN Bridge and its transactions arrive by themselves, every day. Helo only
        reads: it can never move money.
      </MutedText>
      <div>
        <Button ref={connectButton} variant="secondary" onClick={() => setConnecting(true)}>
          Connect a bank
        </Button>
      </div>
      <ConnectBankDialog
        open={connecting}
        onClose={() => {
          setConnecting(false);
          focusAfterClose(() => connectButton.current);
        }}
      />
      {connections.isError && connections.data === undefined ? (
        <Notice tone="error" role="alert">
          We could not load your bank connections. Please reload the page.
        </Notice>
      ) : connections.data === undefined ? (
        <Spinner label="Loading your bank connections" />
      ) : (
        connections.data.map((c) => (
          <ConnectionCard
            key={c.id}
            connection={c}
            accounts={accounts.data ?? []}
            onDisconnected={() => focusAfterClose(() => connectButton.current)}
          />
        ))
      )}
    </Panel>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ConnectionCard({
  connection,
  accounts,
  onDisconnected,
}: {
  connection: BankConnection;
  accounts: Account[];
  onDisconnected: () => void;
}) {
  const sync = useSyncBank(connection.id);
  const [disconnecting, setDisconnecting] = useState(false);
  const syncNow = async () => {
    try {
      const result = await sync.mutateAsync();
      if (result.data.connection.status === 'error') toastError(new ApiError(502, result.message ?? 'The sync failed'));
      else toastSuccess(result.message, 'Synced', TOAST_MS.long);
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <section className={styles.card} aria-labelledby={`bank-${connection.id}`}>
      <div className={styles.head}>
        <h3 id={`bank-${connection.id}`} className={styles.title}>
          {connection.name}
        </h3>
        <p className={styles.status}>
          {connection.last_synced_at ? `Last synced ${when(connection.last_synced_at)}` : 'Not synced yet'}
        </p>
      </div>
      {connection.error && (
        <Notice tone="error">
          The last sync failed{connection.error_at ? ` (${when(connection.error_at)})` : ''}: {connection.error}
        </Notice>
      )}
      {connection.bank_messages.map((m) => (
        <Notice key={m} tone="info">
          Your bank says: {m}
        </Notice>
      ))}
      <MappingForm connection={connection} accounts={accounts} />
      <div className={styles.actions}>
        <Button loading={sync.isPending} onClick={() => void syncNow()} aria-label={`Sync now: ${connection.name}`}>
          Sync now
        </Button>
        <Button variant="ghost" onClick={() => setDisconnecting(true)} aria-label={`Disconnect ${connection.name}`}>
          Disconnect
        </Button>
      </div>
      <DisconnectDialog
        connection={connection}
        open={disconnecting}
        onClose={() => setDisconnecting(false)}
        onDisconnected={onDisconnected}
      />
    </section>
  );
}

/** Where each bank account syncs to; saved together. Errors land on the row they name. */
function MappingForm({ connection, accounts }: { connection: BankConnection; accounts: Account[] }) {
  const map = useMapBankAccounts(connection.id);
  const [rows, setRows] = useState<MappingRow[]>(() => mappingRowsOf(connection.accounts));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const choices = choicesOf(accounts);
  // A bank account listed since the form opened starts from what is saved for it.
  const current = mappingRowsOf(connection.accounts).map((saved) => rows.find((r) => r.id === saved.id) ?? saved);
  const edit = (id: string, change: Partial<MappingRow>) =>
    setRows(current.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const save = async () => {
    setErrors({});
    setFormError(null);
    try {
      const result = await map.mutateAsync(mappingBodyOf(current));
      setRows(mappingRowsOf(result.data.accounts));
      toastSuccess(result.message, 'Accounts saved', TOAST_MS.long);
    } catch (e) {
      const byRow: Record<string, string> = {};
      if (e instanceof ApiError) {
        for (const f of e.errors) {
          const i = Number(/^accounts\.(\d+)\./.exec(f.path)?.[1]);
          const row = current[i];
          if (row) byRow[row.id] = f.message;
        }
      }
      setErrors(byRow);
      if (Object.keys(byRow).length === 0) setFormError(errorMessage(e));
    }
  };
  return (
    <form
      className={styles.mapping}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ul aria-label={`Accounts at ${connection.name}`} className={styles.list}>
        {connection.accounts.map((bank, i) => {
          const row = current[i];
          if (!row) return null;
          return (
            <li key={bank.id} className={styles.item}>
              <BankFigures bank={bank} />
              <SelectField
                label={`Sync ${bank.name} into`}
                none="Don’t sync"
                choices={choices}
                value={row.choice}
                error={row.choice === NEW_ACCOUNT ? undefined : errors[bank.id]}
                onChange={(e) => edit(bank.id, { choice: e.target.value })}
              />
              {row.choice === NEW_ACCOUNT && (
                <TextField
                  label={`Name of the new account for ${bank.name}`}
                  value={row.name}
                  maxLength={60}
                  error={errors[bank.id]}
                  onChange={(e) => edit(bank.id, { name: e.target.value })}
                />
              )}
            </li>
          );
        })}
      </ul>
      {formError && (
        <Notice tone="error" role="alert">
          {formError}
        </Notice>
      )}
      <div>
        <Button type="submit" variant="secondary" loading={map.isPending}>
          Save accounts
        </Button>
      </div>
    </form>
  );
}

function BankFigures({ bank }: { bank: BankAccount }) {
  return (
    <div className={styles.figures}>
      <span className={styles.name}>{bank.name}</span>
      <span className={styles.balance}>
        {bank.bank_balance === null
          ? 'No balance from the bank'
          : `Bank balance ${formatDollars(bank.bank_balance)}${bank.balance_date ? ` on ${formatDay(bank.balance_date)}` : ''}`}
      </span>
      <span className={styles.synced}>
        {bank.account_name ? `Syncs into ${bank.account_name}` : 'Not synced'}
        {bank.currency !== 'USD' ? ` · ${bank.currency}` : ''}
      </span>
    </div>
  );
}

function DisconnectDialog({
  connection,
  open,
  onClose,
  onDisconnected,
}: {
  connection: BankConnection;
  open: boolean;
  onClose: () => void;
  onDisconnected: () => void;
}) {
  const remove = useDisconnectBank(connection.id);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setError(null);
          onClose();
        }
      }}
      title={`Disconnect ${connection.name}?`}
      description="Helo deletes its access to this bank and stops syncing. The transactions already imported stay in your accounts."
      error={error}
      confirmLabel="Disconnect"
      pending={remove.isPending}
      onCloseAutoFocus={(event) => event.preventDefault()}
      onConfirm={async () => {
        setError(null);
        try {
          const result = await remove.mutateAsync();
          toastSuccess(result.message, 'Bank disconnected', TOAST_MS.long);
          onClose();
          onDisconnected();
        } catch (e) {
          setError(errorMessage(e));
        }
      }}
    />
  );
}

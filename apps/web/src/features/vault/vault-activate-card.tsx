import type { VaultStatus } from '@helo/contract/vault';
import { useId } from 'react';
import { SetupCard, SetupHeading } from '../../components/layout/setup-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import styles from '../nest/activate-card.module.css';
import { useActivateVault } from './use-vault.ts';
import { formatBytes, KINDS_SHORT } from './vault-format.ts';

/**
 * The Vault before activation (its lock in the menu): what it does and keeps, in a few honest
 * sentences, and one button that turns it on, as the Nest's card does.
 */
export function VaultActivateCard({ vault }: { vault: VaultStatus }) {
  const id = useId();
  const activate = useActivateVault();
  const onActivate = () =>
    activate.mutate(undefined, {
      onSuccess: () => toastSuccess(null, 'Your Vault is on', TOAST_MS.medium),
      onError: (error) => toastError(error),
    });
  return (
    <SetupCard labelledBy={id}>
      <SetupHeading
        id={id}
        title="Vault"
        lead="A safe place for your financial documents: statements, tax forms, contracts, receipts. It is not switched on yet."
      />
      <ul className={styles.points}>
        <li>Every file is encrypted before it is stored, with a key of its own.</li>
        <li>Only you can download your files, signed in to Helo: there is no public link to any of them.</li>
        <li>
          Up to {formatBytes(vault.file_max_bytes)} a file and {formatBytes(vault.quota_bytes)} in all: {KINDS_SHORT}{' '}
          files. The type is read from the file itself, not from its name.
        </li>
        <li>You can rename and delete your files at any time. A deleted file is gone for good.</li>
      </ul>
      <div>
        <Button onClick={onActivate} loading={activate.isPending}>
          Activate
        </Button>
      </div>
    </SetupCard>
  );
}

import { VAULT_KIND_KEYS, VAULT_KINDS, type VaultStatus } from '@helo/contract/vault';
import { useId } from 'react';
import { SetupCard, SetupHeading } from '../../components/layout/setup-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import styles from '../nest/activate-card.module.css';
import { useActivateVault } from './use-vault.ts';
import { formatBytes } from './vault-format.ts';

// 'PDF, PNG image, … and Text': the kinds as the contract lists them.
const KIND_LIST = (() => {
  const labels = VAULT_KIND_KEYS.map((k) => VAULT_KINDS[k].label);
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
})();

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
          Up to {formatBytes(vault.file_max_bytes)} a file and {formatBytes(vault.quota_bytes)} in all. It takes{' '}
          {KIND_LIST} files; the type is checked from the file itself, not its name.
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

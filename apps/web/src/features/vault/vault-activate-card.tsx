import type { VaultStatus } from '@helo/contract/vault';
import { ActivateCard } from '../../components/layout/activate-card.tsx';
import { useActivateVault } from './use-vault.ts';
import { formatBytes, KINDS_SHORT } from './vault-format.ts';

/**
 * The Vault before activation (its lock in the menu): what it does and keeps, in a few honest
 * sentences, and one button that turns it on, as the Nest's card does.
 */
export function VaultActivateCard({ vault }: { vault: VaultStatus }) {
  return (
    <ActivateCard
      title="Vault"
      lead="A safe place for your financial documents: statements, tax forms, contracts, receipts. It is not switched on yet."
      activate={useActivateVault()}
      activated="Your Vault is on"
    >
      <li>Every file is encrypted before it is stored, with a key of its own.</li>
      <li>Only you can download your files, signed in to Helo: there is no public link to any of them.</li>
      <li>
        Up to {formatBytes(vault.file_max_bytes)} a file and {formatBytes(vault.quota_bytes)} in all: {KINDS_SHORT}{' '}
        files. The type is read from the file itself, not from its name.
      </li>
      <li>You can rename and delete your files at any time. A deleted file is gone for good.</li>
    </ActivateCard>
  );
}

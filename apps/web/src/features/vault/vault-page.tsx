import type { VaultStatus } from '@helo/contract/vault';
import { ActivationGate } from '../../components/layout/activation-gate.tsx';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { useVault } from './use-vault.ts';
import { VaultActivateCard } from './vault-activate-card.tsx';
import { VaultFiles } from './vault-files.tsx';
import { VaultUpload } from './vault-upload.tsx';
import { VaultUsage } from './vault-usage.tsx';

/**
 * /dashboard/helo-vault: documents kept encrypted, downloaded only by their owner. Before
 * activation, what the Vault does and its Activate button; after it, the usage, the upload area and
 * the files.
 */
export function VaultPage() {
  return (
    <ActivationGate query={useVault()} noun="your Vault" inactive={(vault) => <VaultActivateCard vault={vault} />}>
      {(vault) => <ActiveVault vault={vault} />}
    </ActivationGate>
  );
}

function ActiveVault({ vault }: { vault: VaultStatus }) {
  return (
    <DashboardPage title="Vault">
      <VaultUsage vault={vault} />
      <VaultUpload vault={vault} />
      <VaultFiles />
    </DashboardPage>
  );
}

import type { VaultStatus } from '@helo/contract/vault';
import { useEffect, useRef } from 'react';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
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
  const vault = useVault();
  const active = vault.data?.active;
  // The Activate button that had the focus is gone once the Vault shows: its heading takes it.
  const wasInactive = useRef(false);
  useEffect(() => {
    if (active === false) wasInactive.current = true;
    if (active !== true || !wasInactive.current) return;
    wasInactive.current = false;
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [active]);
  if (vault.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your Vault. Please reload the page.
      </Notice>
    );
  }
  if (vault.data === undefined) return <Spinner label="Loading your Vault" />;
  return vault.data.active ? <ActiveVault vault={vault.data} /> : <VaultActivateCard vault={vault.data} />;
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

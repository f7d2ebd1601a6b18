import type { VaultStatus } from '@helo/contract/vault';
import { useId } from 'react';
import { Panel } from '../../components/layout/panel.tsx';
import { formatBytes } from './vault-format.ts';
import styles from './vault-usage.module.css';

/** How full the Vault is: '12.4 MB of 500 MB used', a meter, and the number of files. */
export function VaultUsage({ vault }: { vault: VaultStatus }) {
  const labelId = useId();
  const used = `${formatBytes(vault.used_bytes)} of ${formatBytes(vault.quota_bytes)} used`;
  return (
    <Panel title="Storage">
      <p className={styles.line}>
        <span id={labelId}>{used}</span>
        <span className={styles.count}>
          {vault.file_count} {vault.file_count === 1 ? 'file' : 'files'}
        </span>
      </p>
      <meter
        className={styles.meter}
        aria-labelledby={labelId}
        min={0}
        max={Math.max(1, vault.quota_bytes)}
        value={vault.used_bytes}
      />
    </Panel>
  );
}

import { type Ref, useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import styles from './stale-loans-alert.module.css';

/**
 * A save refused because the loans changed in another tab or device: the server's message and a
 * Reload that reads the saved list again. `reloadRef` lets the caller put the focus on Reload,
 * since the button that was pressed (Update) is replaced by it.
 */
export function StaleLoansAlert({
  message,
  onReload,
  reloadRef,
}: {
  message: string;
  onReload: () => Promise<void>;
  reloadRef?: Ref<HTMLButtonElement>;
}) {
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    try {
      await onReload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Notice tone="error" role="alert">
      <span className={styles.stale}>
        <span className={styles.message}>{message}</span>
        <Button ref={reloadRef} size="sm" onClick={reload} loading={busy}>
          Reload
        </Button>
      </span>
    </Notice>
  );
}

import { type Ref, useState } from 'react';
import form from '../../components/layout/form.module.css';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
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
    <div role="alert" className={cx(form.alert, styles.stale)} data-testid="stale-loans">
      <p className={styles.message}>{message}</p>
      <Button ref={reloadRef} size="sm" onClick={reload} loading={busy}>
        Reload
      </Button>
    </div>
  );
}

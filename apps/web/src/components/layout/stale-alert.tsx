import { type Ref, useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Notice } from './notice.tsx';
import styles from './stale-alert.module.css';

/**
 * A save refused because the record changed in another tab or device (409): the server's message and
 * a Reload that reads the saved copy again. Saving again from the old copy would be refused again, so
 * callers hide their Save while this shows.
 *
 * `focusOnShow` moves the focus to Reload once the alert is on the page: the pressed Save is gone by
 * then, and the focus must not fall to the page's body. It is an effect, not a timer after setState,
 * because only after the commit is the button sure to exist (a frame callback could run first).
 * `reloadRef` is for a caller that moves the focus itself (the loans editor swaps Update and Reload).
 */
export function StaleAlert({
  message,
  onReload,
  focusOnShow = false,
  reloadRef,
}: {
  message: string;
  onReload: () => Promise<void>;
  focusOnShow?: boolean;
  reloadRef?: Ref<HTMLButtonElement>;
}) {
  const [busy, setBusy] = useState(false);
  const own = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnShow) own.current?.focus();
  }, [focusOnShow]);
  const reload = async () => {
    setBusy(true);
    try {
      await onReload();
    } finally {
      setBusy(false);
    }
  };
  const setRef = (button: HTMLButtonElement | null) => {
    own.current = button;
    if (typeof reloadRef === 'function') reloadRef(button);
    else if (reloadRef) reloadRef.current = button;
  };
  return (
    <Notice tone="error" role="alert">
      <span className={styles.stale}>
        <span className={styles.message}>{message}</span>
        <Button ref={setRef} size="sm" onClick={reload} loading={busy}>
          Reload
        </Button>
      </span>
    </Notice>
  );
}

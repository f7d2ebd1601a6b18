import type { Notification } from '@helo/contract/notifications';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import styles from './notification-bell.module.css';
import { useNotifications } from './use-notifications.ts';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));
/** Starts loading the panel before the click, so it usually opens at once. */
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** The bell with its unread badge, and the panel it toggles (spec §2 "Notification panel"). */
export function NotificationBell() {
  const notifications = useNotifications();
  const { unread, markRead } = notifications;
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Notification | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setSelected(null);
  }, []);
  useDismiss(ref, open, close, bell);

  const openItem = async (n: Notification) => {
    if (!n.is_read) await markRead.mutateAsync(n._id).catch(() => undefined);
    setSelected({ ...n, is_read: true });
  };

  return (
    <div className={styles.anchor} ref={ref}>
      <IconButton
        ref={bell}
        label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel
            notifications={notifications}
            selected={selected}
            onSelect={setSelected}
            onOpenItem={(n) => void openItem(n)}
            onLeave={close}
            onClose={() => {
              close();
              bell.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

import type { Notification } from '@helo/contract/notifications';
import { useCallback, useRef, useState } from 'react';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import styles from './notification-bell.module.css';
import { formatSent, formatShortDate, groupByMonth } from './notification-format.ts';
import { OlderNotifications } from './older-notifications.tsx';
import { useNotifications } from './use-notifications.ts';

/** The bell with its unread badge, and the panel it toggles (spec §2 "Notification panel"). */
export function NotificationBell() {
  const { items, unread, hasMore, loadingMore, loadMore, markRead, markAllRead } = useNotifications();
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
        <section id="notification-panel" className={styles.panel} aria-labelledby="notification-title">
          <header className={styles.header}>
            <h2 id="notification-title">Notifications</h2>
            {items.length > 0 && !selected && (
              <Button
                variant="ghost"
                size="sm"
                className={styles.markAll}
                onClick={() => markAllRead.mutate()}
                disabled={markAllRead.isPending}
              >
                {markAllRead.isPending ? <Spinner size="sm" label="Marking all as read" /> : 'Mark all as Read'}
              </Button>
            )}
            <IconButton
              label="Close notifications"
              className={styles.close}
              onClick={() => {
                close();
                bell.current?.focus();
              }}
            >
              ×
            </IconButton>
          </header>
          {selected ? (
            <NotificationDetail notification={selected} onBack={() => setSelected(null)} />
          ) : items.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>No notifications yet</p>
              <p>You'll see your notifications here when they arrive</p>
            </div>
          ) : (
            <div className={styles.list}>
              {groupByMonth(items, new Date()).map((group) => (
                <section key={group.label} aria-label={group.label}>
                  <h3 className={styles.month}>{group.label}</h3>
                  <ul>
                    {group.items.map((n) => (
                      <li key={n._id}>
                        <button
                          type="button"
                          className={n.is_read ? styles.item : `${styles.item} ${styles.unread}`}
                          onClick={() => void openItem(n)}
                        >
                          <span className={styles.itemTop}>
                            <span className={styles.itemTitle}>
                              {!n.is_read && <span className="visually-hidden">Unread: </span>}
                              {n.title}
                            </span>
                            <span className={styles.itemDate}>{formatShortDate(n.date)}</span>
                          </span>
                          <span className={styles.itemMessage}>{n.message}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {hasMore && <OlderNotifications loading={loadingMore} onLoad={loadMore} />}
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function NotificationDetail({ notification, onBack }: { notification: Notification; onBack: () => void }) {
  return (
    <article className={styles.detail}>
      <div className={styles.detailActions}>
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← Back
        </Button>
        <Button variant="ghost" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <h3>{notification.title}</h3>
      <p className={styles.sent}>{formatSent(notification.date)}</p>
      <p>Dear User,</p>
      <p>{notification.message}</p>
    </article>
  );
}

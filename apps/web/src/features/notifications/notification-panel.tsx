import type { Notification } from '@helo/contract/notifications';
import { Link } from 'react-router';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import styles from './notification-bell.module.css';
import { formatSent, formatShortDate, groupByMonth } from './notification-format.ts';
import { OlderNotifications } from './older-notifications.tsx';
import type { useNotifications } from './use-notifications.ts';

export interface NotificationPanelProps {
  notifications: ReturnType<typeof useNotifications>;
  selected: Notification | null;
  onSelect: (notification: Notification | null) => void;
  onOpenItem: (notification: Notification) => void;
  onClose: () => void;
  /** Called when the panel's link leads away to the notifications page. */
  onLeave: () => void;
}

/**
 * The panel the bell opens: the list by month, one notification, Mark all as Read. Its own chunk,
 * loaded when the bell is first pointed at, focused or pressed: every dashboard page shows the
 * bell, few open it (e2e/specs/performance.spec.ts).
 */
export function NotificationPanel({
  notifications,
  selected,
  onSelect,
  onOpenItem,
  onClose,
  onLeave,
}: NotificationPanelProps) {
  const { items, hasMore, loadingMore, loadMore, markAllRead } = notifications;
  return (
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
        <IconButton label="Close notifications" className={styles.close} onClick={onClose}>
          ×
        </IconButton>
      </header>
      {selected ? (
        <NotificationDetail notification={selected} onBack={() => onSelect(null)} />
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
                      onClick={() => onOpenItem(n)}
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
      {!selected && (
        <Link to="/dashboard/notifications" className={styles.seeAll} onClick={onLeave}>
          See all notifications
        </Link>
      )}
    </section>
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

import type { Home } from '@helo/contract/home';
import { Button } from '../../components/ui/button.tsx';
import { formatShortDate } from '../notifications/notification-format.ts';
import { HomeCard } from './home-card.tsx';
import styles from './notifications-card.module.css';

/**
 * Opens the header's notification panel: all notifications live there (there is no page of them),
 * so "see all" presses the bell rather than copying its list. The bell is in every dashboard page's
 * header; `aria-controls` names it.
 */
function openBell() {
  document.querySelector<HTMLButtonElement>('button[aria-controls="notification-panel"]')?.click();
}

/** The latest three notifications (newest first, as the API gives them) and the way to all of them. */
export function NotificationsCard({
  notifications,
  className,
}: {
  notifications: Home['notifications'];
  className?: string;
}) {
  const { latest } = notifications;
  const action = (
    <Button variant="secondary" size="sm" onClick={openBell}>
      See all notifications
    </Button>
  );
  return (
    <HomeCard title="Latest notifications" action={action} className={className}>
      {latest.length === 0 ? (
        <p className={styles.empty}>No notifications yet. Reminders and news will appear here.</p>
      ) : (
        <ul className={styles.list}>
          {latest.map((n) => (
            <li key={n._id} className={n.is_read ? styles.item : `${styles.item} ${styles.unread}`}>
              <span className={styles.top}>
                <span className={styles.itemTitle}>
                  {!n.is_read && <span className="visually-hidden">Unread: </span>}
                  {n.title}
                </span>
                <span className={styles.date}>{formatShortDate(n.date)}</span>
              </span>
              <span className={styles.message}>{n.message}</span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

import type { Home } from '@helo/contract/home';
import { ButtonLink } from '../../components/ui/button.tsx';
import { formatShortDate } from '../notifications/index.ts';
import { HomeCard } from './home-card.tsx';
import styles from './notifications-card.module.css';

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
    <ButtonLink to="/dashboard/notifications" variant="secondary" size="sm">
      See all notifications
    </ButtonLink>
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

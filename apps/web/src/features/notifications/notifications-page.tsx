import type { Notification } from '@helo/contract/notifications';
import { notificationResponse } from '@helo/contract/notifications';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { api } from '../../lib/auth.ts';
import { formatSent } from './notification-format.ts';
import styles from './notifications-page.module.css';
import { OlderNotifications } from './older-notifications.tsx';
import { fetchPage, NOTIFICATIONS_KEY, NOTIFICATIONS_LIST_KEY, useNotifications } from './use-notifications.ts';

type Filter = 'all' | 'unread';

/**
 * /dashboard/notifications: every notification, a page at a time, with an unread filter and
 * mark-as-read (the bell's panel shows the same list in little; "See all notifications" leads here).
 */
export function NotificationsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const client = useQueryClient();
  const { unread, markAllRead } = useNotifications();
  const list = useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_LIST_KEY, filter],
    queryFn: ({ pageParam }) => fetchPage(pageParam, filter === 'unread'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const [announce, setAnnounce] = useState('');

  const markRead = useApiAction((id: string) =>
    api.put(`/v1/notifications/${encodeURIComponent(id)}/read`, {}, notificationResponse),
  );
  const read = async (id: string) => {
    if (!(await markRead.run(id))) return;
    // The bell's count and both lists read again; the list takes the focus the vanished button had.
    await client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    setAnnounce('Marked as read');
    listRef.current?.focus();
  };

  const markAll = (
    <Button
      variant="secondary"
      size="sm"
      disabled={unread === 0 || markAllRead.isPending}
      onClick={() =>
        markAllRead.mutate(undefined, { onSuccess: () => setAnnounce('All notifications marked as read') })
      }
    >
      {markAllRead.isPending ? <Spinner size="sm" label="Marking all as read" /> : 'Mark all as Read'}
    </Button>
  );

  return (
    <DashboardPage title="Notifications" action={markAll}>
      <fieldset className={styles.filter}>
        <legend className="visually-hidden">Show</legend>
        {(['all', 'unread'] as const).map((f) => (
          <label key={f} className={filter === f ? `${styles.choice} ${styles.chosen}` : styles.choice}>
            <input
              type="radio"
              name="notification-filter"
              value={f}
              checked={filter === f}
              onChange={() => setFilter(f)}
            />
            {f === 'all' ? 'All' : `Unread (${unread})`}
          </label>
        ))}
      </fieldset>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {list.isPending ? (
        <Spinner label="Loading notifications" />
      ) : list.isError ? (
        <FormAlert>We could not load your notifications. Please reload the page.</FormAlert>
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{filter === 'unread' ? 'Nothing unread' : 'No notifications yet'}</p>
          <p>
            {filter === 'unread'
              ? 'You have read every notification.'
              : "You'll see your notifications here when they arrive"}
          </p>
        </div>
      ) : (
        <ul className={styles.list} ref={listRef} tabIndex={-1} aria-label="Notifications">
          {items.map((n) => (
            <NotificationItem key={n._id} notification={n} busy={markRead.busy} onRead={() => void read(n._id)} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <OlderNotifications loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      )}
    </DashboardPage>
  );
}

function NotificationItem({
  notification: n,
  busy,
  onRead,
}: {
  notification: Notification;
  busy: boolean;
  onRead: () => void;
}) {
  return (
    <li className={n.is_read ? styles.item : `${styles.item} ${styles.unread}`}>
      <div className={styles.itemText}>
        <h2 className={styles.itemTitle}>
          {!n.is_read && <span className="visually-hidden">Unread: </span>}
          {n.title}
        </h2>
        <p className={styles.date}>{formatSent(n.date)}</p>
        <p className={styles.message}>{n.message}</p>
      </div>
      {!n.is_read && (
        <Button variant="ghost" size="sm" disabled={busy} onClick={onRead}>
          Mark as read<span className="visually-hidden">: {n.title}</span>
        </Button>
      )}
    </li>
  );
}

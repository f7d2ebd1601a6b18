import type { Notification, NotificationsPage } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import type { NotificationRow } from '@helo/db/schema';
import type { Clock } from '../../lib/clock.ts';
import { invalidField, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationCursor,
} from './notifications.repository.ts';

const toNotification = (n: NotificationRow): Notification => ({
  _id: n.id,
  title: n.title,
  message: n.message,
  date: n.createdAt.toISOString(),
  is_read: n.readAt !== null,
});

// Opaque to clients: the last row's time and id, so a page never repeats or skips a row when new
// notifications arrive while someone scrolls.
const encodeCursor = (n: NotificationRow) => Buffer.from(`${n.createdAt.toISOString()}|${n.id}`).toString('base64url');

function decodeCursor(cursor: string): NotificationCursor {
  const [time = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time);
  if (Number.isNaN(createdAt.getTime()) || !isUuid(id)) throw invalidField('cursor', 'Cursor is not valid');
  return { createdAt, id };
}

/** The signed-in user's notifications: pages of them, and marking them read. */
export class NotificationService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The same service on another connection and clock: Home reads every area in its one transaction. */
  on(db: Db, clock: Clock): NotificationService {
    return new NotificationService(db, clock);
  }

  /**
   * One page, newest first, after the page `cursor` ended (only unread ones with `unreadOnly`); the
   * unread count covers every page.
   */
  async page(
    userId: string,
    cursor: string | undefined,
    limit: number,
    unreadOnly = false,
  ): Promise<NotificationsPage> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const [page, unread] = await Promise.all([
      listNotifications(this.#db, userId, limit, after, unreadOnly),
      countUnread(this.#db, userId),
    ]);
    const last = page.rows.at(-1);
    return {
      data: page.rows.map(toNotification),
      next_cursor: page.more && last ? encodeCursor(last) : null,
      unread_count: unread,
    };
  }

  /** Marks every unread notification read; returns how many were. */
  markAllRead(userId: string): Promise<number> {
    return markAllRead(this.#db, userId, this.#clock.now());
  }

  async markRead(userId: string, id: string): Promise<Notification> {
    // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
    if (!isUuid(id)) throw notFound('Notification not found');
    const row = await markRead(this.#db, userId, id, this.#clock.now());
    if (!row) throw notFound('Notification not found');
    return toNotification(row);
  }
}

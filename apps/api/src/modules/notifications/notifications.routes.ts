import { errorBody } from '@helo/contract/envelope';
import {
  markAllReadResponse,
  type Notification,
  notificationParams,
  notificationResponse,
  notificationsQuery,
  notificationsResponse,
} from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import type { NotificationRow } from '@helo/db/schema';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { invalidField, notFound } from '../../lib/http-error.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationCursor,
} from './notifications.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toNotification = (n: NotificationRow): Notification => ({
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
  if (Number.isNaN(createdAt.getTime()) || !UUID.test(id)) throw invalidField('cursor', 'Cursor is not valid');
  return { createdAt, id };
}

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s notifications, newest first, a page at a time',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, 400: errorBody, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const { cursor, limit } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const [page, unread] = await Promise.all([
        listNotifications(opts.db, userId, limit, after),
        countUnread(opts.db, userId),
      ]);
      const last = page.rows.at(-1);
      return {
        data: page.rows.map(toNotification),
        next_cursor: page.more && last ? encodeCursor(last) : null,
        unread_count: unread,
      };
    },
  );

  r.put(
    '/mark-all-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark every notification read',
        response: { 200: markAllReadResponse, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => {
      const updated = await markAllRead(opts.db, requireAuth(request).userId, opts.clock.now());
      return { message: 'All notifications marked as read', data: { updated } };
    },
  );

  r.put(
    '/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read',
        params: notificationParams,
        response: { 200: notificationResponse, 401: errorBody, 404: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
      if (!UUID.test(request.params.id)) throw notFound('Notification not found');
      const row = await markRead(opts.db, userId, request.params.id, opts.clock.now());
      if (!row) throw notFound('Notification not found');
      return { message: 'Notification marked as read', data: toNotification(row) };
    },
  );
}

import { errorBody } from '@helo/contract/envelope';
import {
  markAllReadResponse,
  notificationParams,
  notificationResponse,
  notificationsQuery,
  notificationsResponse,
} from '@helo/contract/notifications';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { NotificationService } from './notifications.service.ts';

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { service: NotificationService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['notifications']);

  routes.get(
    '/',
    {
      summary: 'The signed-in user’s notifications, newest first, a page at a time',
      querystring: notificationsQuery,
      response: { 200: notificationsResponse, 400: errorBody },
    },
    ({ userId, query }) => service.page(userId, query.cursor, query.limit, query.unread),
  );

  routes.put(
    '/mark-all-read',
    { summary: 'Mark every notification read', response: { 200: markAllReadResponse } },
    async ({ userId }) => ({
      message: 'All notifications marked as read',
      data: { updated: await service.markAllRead(userId) },
    }),
  );

  routes.put(
    '/:id/read',
    {
      summary: 'Mark one notification read',
      params: notificationParams,
      response: { 200: notificationResponse, 404: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Notification marked as read',
      data: await service.markRead(userId, params.id),
    }),
  );
}

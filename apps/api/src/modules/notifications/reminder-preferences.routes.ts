import { errorBody } from '@helo/contract/envelope';
import { emailReminderPreferences, emailReminderPreferencesResponse } from '@helo/contract/notifications';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { ReminderPreferencesService } from './reminder-preferences.service.ts';

export async function reminderPreferenceRoutes(
  app: FastifyInstance,
  opts: { service: ReminderPreferencesService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['notifications']);

  routes.get(
    '/',
    { summary: 'Email reminder preferences', response: { 200: emailReminderPreferencesResponse } },
    async ({ userId }) => ({ data: { ...(await service.get(userId)), security_emails: true as const } }),
  );

  routes.put(
    '/',
    {
      summary: 'Save email reminder preferences (all fields)',
      body: emailReminderPreferences,
      response: { 200: emailReminderPreferencesResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({
      message: 'Your email preferences are saved',
      data: { ...(await service.save(userId, body)), security_emails: true as const },
    }),
  );
}

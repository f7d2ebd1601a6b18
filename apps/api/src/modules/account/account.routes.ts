import { deleteAccountBody } from '@helo/contract/account';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import { clearRefreshCookie, reauthAnswer } from '../auth/index.ts';
import type { AccountService } from './account.service.ts';

// The OpenAPI document names the zip's type; the reply is a stream, never serialized.
const zipAnswer = {
  description: 'A zip archive: README.md, data.json and csv/<table>.csv (money in cents).',
  content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
} as unknown as z.ZodType;

export async function accountRoutes(
  app: FastifyInstance,
  opts: { service: AccountService; config: AppConfig; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config } = opts;
  const signedIn = signedInRoutes(app, opts.authenticate, ['account']);

  signedIn.get(
    '/export',
    {
      summary: 'Download everything the user has, as a zip',
      response: { 200: zipAnswer, 429: errorBody, ...reauthAnswer },
    },
    async ({ userId, reply }) => {
      const { fileName, stream } = await service.exportData(userId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    }, // Each export reads and zips all the user's rows: a loop of them must not tie the server up.
    {
      preHandler: [
        app.requireRecentAuth('A copy of all the data in your Helo account was downloaded (Download my data)'),
        limitPerIpAndAccount(app, 'account-export', config.rateLimits.accountExport, (req) => req.auth?.userId),
      ],
    },
  );

  signedIn.delete(
    '/',
    {
      summary: 'Delete the account and everything in it',
      description:
        'Needs the password, and a code (authenticator or recovery) when two-factor sign-in is on. Every session ends; signing in again answers as for an unknown account.',
      body: deleteAccountBody,
      response: { 200: messageOnly, 400: errorBody, 429: errorBody, ...reauthAnswer },
    },
    async ({ auth, body, reply }) => {
      await service.deleteAccount(auth.userId, auth.sessionId, body.password, body.code || undefined);
      app.backgroundWork.run('account-files', () => service.removeStoredFiles(auth.userId));
      clearRefreshCookie(reply);
      return { message: 'Your account and everything in it has been deleted.', data: null };
    },
    // Per address and per account, as change-password: a stolen session must not become a password oracle.
    {
      // No security mail: the goodbye mail is the last one the address gets.
      preHandler: [
        app.requireRecentAuth(),
        limitPerIpAndAccount(app, 'delete-account', config.rateLimits.changePassword, (req) => req.auth?.userId),
      ],
    },
  );
}

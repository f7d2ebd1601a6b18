import { sessionResponse } from '@helo/contract/auth';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  disableTwoFactorBody,
  loginTwoFactorBody,
  recoveryCodesResponse,
  twoFactorCodeBody,
  twoFactorSetupResponse,
} from '@helo/contract/two-factor';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../../config.ts';
import { hashToken } from '../../../lib/crypto.ts';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../../plugins/rate-limits.ts';
import { clientMeta } from '../client-meta.ts';
import { reauthAnswer } from '../recent-auth/recent-auth.ts';
import { sessionAnswer } from '../refresh-cookie.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };
const tags = ['auth'];

/** Two-factor sign-in: the login's second step (public) and the signed-in setup, under /api/v1/auth. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  opts: { service: TwoFactorService; config: AppConfig; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config, authenticate } = opts;
  const rule = config.rateLimits.twoFactor;

  // The second step counts per account across challenges (each challenge also dies after 5 wrong
  // codes): whoever has the password cannot start login after login to keep guessing codes.
  // A challenge nobody knows is counted by its own hash.
  const challengeOwners = new WeakMap<FastifyRequest, string>();
  const resolveOwner = async (request: FastifyRequest) => {
    const { challenge } = request.body as { challenge: string };
    challengeOwners.set(request, (await service.challengeOwner(challenge)) ?? hashToken(challenge));
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '/login/2fa',
    {
      schema: {
        tags,
        summary: 'Finish a two-factor login with a code',
        description:
          'The challenge of `POST /v1/auth/login` and a code from the authenticator app, or a recovery code. Answers the session as `/login` does.',
        body: loginTwoFactorBody,
        response: { 200: sessionResponse, ...errors },
      },
      preHandler: [resolveOwner, limitPerIpAndAccount(app, 'login-2fa', rule, (req) => challengeOwners.get(req))],
    },
    async (request, reply) => {
      const session = await service.completeLogin(request.body.challenge, request.body.code, clientMeta(request));
      return { message: 'Logged in successfully', data: sessionAnswer(reply, session) };
    },
  );

  const signedIn = signedInRoutes(app, authenticate, tags);
  // A stolen session must not become a code oracle either.
  const perUser = [limitPerIpAndAccount(app, 'two-factor', rule, (req) => req.auth?.userId)];

  signedIn.post(
    '/2fa/setup',
    {
      summary: 'Start setting up an authenticator app',
      description: 'A new secret, in force only once `POST /v1/auth/2fa/enable` confirms a code of it.',
      response: { 200: twoFactorSetupResponse, 409: errorBody, ...reauthAnswer },
    },
    async ({ userId }) => ({
      message: 'Scan the code with your authenticator app, then enter the code it shows',
      data: await service.setup(userId),
    }),
    { preHandler: [app.requireRecentAuth()] },
  );

  signedIn.post(
    '/2fa/enable',
    {
      summary: 'Turn two-factor sign-in on with a first code',
      description: 'Answers the recovery codes, shown this once.',
      body: twoFactorCodeBody,
      response: { 200: recoveryCodesResponse, ...errors, ...reauthAnswer },
    },
    async ({ userId, body }) => ({
      message: 'Two-factor sign-in is on',
      data: { recovery_codes: await service.enable(userId, body.code) },
    }),
    { preHandler: [app.requireRecentAuth('Two-factor sign-in was turned on for your Helo account'), ...perUser] },
  );

  signedIn.post(
    '/2fa/recovery-codes',
    {
      summary: 'Replace the recovery codes (a current app code)',
      body: twoFactorCodeBody,
      response: { 200: recoveryCodesResponse, ...errors, ...reauthAnswer },
    },
    async ({ userId, body }) => ({
      message: 'New recovery codes made; the old ones no longer work',
      data: { recovery_codes: await service.regenerateRecoveryCodes(userId, body.code) },
    }),
    {
      preHandler: [
        app.requireRecentAuth('New recovery codes were made for your Helo account; the old ones no longer work'),
        ...perUser,
      ],
    },
  );

  signedIn.post(
    '/2fa/disable',
    {
      summary: 'Turn two-factor sign-in off (password and a code)',
      body: disableTwoFactorBody,
      response: { 200: messageOnly, ...errors, ...reauthAnswer },
    },
    async ({ userId, body }) => {
      await service.disable(userId, body.password, body.code);
      return { message: 'Two-factor sign-in is off', data: null };
    },
    { preHandler: [app.requireRecentAuth('Two-factor sign-in was turned off for your Helo account'), ...perUser] },
  );
}

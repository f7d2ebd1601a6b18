import { errorBody } from '@helo/contract/envelope';
import { reauthenticateBody, reauthenticateResponse, reauthPasskeyOptionsResponse } from '@helo/contract/reauth';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../../plugins/rate-limits.ts';
import type { ReauthService } from './reauth.service.ts';

const errors = { 400: errorBody, 429: errorBody };

/** Sudo mode under /api/v1/auth: prove it is you again, for the sensitive changes of the next 5 minutes. */
export async function reauthRoutes(
  app: FastifyInstance,
  opts: { service: ReauthService; config: AppConfig; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config } = opts;
  const signedIn = signedInRoutes(app, opts.authenticate, ['auth']);
  // Counted as sign-in is (per address and per account, every attempt): a stolen access token must
  // not become a password or code oracle.
  const limit = (name: string) => limitPerIpAndAccount(app, name, config.rateLimits.login, (req) => req.auth?.userId);

  signedIn.post(
    '/reauthenticate',
    {
      summary: 'Prove it is you again (sudo mode, 5 minutes)',
      description:
        'One of `password`, `code` (authenticator or recovery code, when two-factor sign-in is on) or `passkey` (the answer to `POST /v1/auth/reauthenticate/passkey-options`). For the next 5 minutes this session may add or remove passkeys, turn two-factor sign-in on or off, make new recovery codes, change the password, export its data and delete the account; without it those answer 403 with `reauth_required: true`. Five wrong passwords sign the session out.',
      body: reauthenticateBody,
      response: { 200: reauthenticateResponse, ...errors },
    },
    async ({ auth, body }) => {
      const until = await service.reauthenticate(auth, body);
      return { message: 'Confirmed. You can go on.', data: { elevated_until: until.toISOString() } };
    },
    { preHandler: [limit('reauthenticate')] },
  );

  signedIn.post(
    '/reauthenticate/passkey-options',
    {
      summary: 'Prove it is you again with a passkey: the WebAuthn challenge',
      description: 'Single use, 5 minutes; only passkeys of this account can answer it. 400 when it has none.',
      response: { 200: reauthPasskeyOptionsResponse, ...errors },
    },
    async ({ userId }) => {
      const { challengeId, options } = await service.passkeyOptions(userId);
      return { data: { challenge_id: challengeId, options: { ...options } } };
    },
    { preHandler: [limit('reauthenticate-options')] },
  );
}

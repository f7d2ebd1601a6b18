import { sessionResponse } from '@helo/contract/auth';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  passkeyLoginBody,
  passkeyLoginOptionsResponse,
  passkeyParams,
  passkeyRegistrationOptionsResponse,
  passkeyResponse,
  passkeySecondFactorBody,
  passkeySecondFactorOptionsResponse,
  passkeysResponse,
  registerPasskeyBody,
} from '@helo/contract/passkeys';
import { loginChallengeBody } from '@helo/contract/two-factor';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { hashToken } from '../../lib/crypto.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import { clientMeta, reauthAnswer, sessionAnswer } from '../auth/index.ts';
import type { PasskeysService } from './passkeys.service.ts';

const tags = ['auth'];
const errors = { 400: errorBody, 401: errorBody, 429: errorBody };

const bodyCredentialId = (req: FastifyRequest) =>
  (req.body as { credential?: { id?: string } } | undefined)?.credential?.id;

/** Passkeys under `/api/v1/auth`: the signed-in user's list, and the two ways to sign in with one. */
export async function passkeyRoutes(
  app: FastifyInstance,
  opts: { service: PasskeysService; config: AppConfig; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config, authenticate } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A passkey sign-in counts as a login attempt: per address, and per passkey.
  const limit = (name: string, key: (req: FastifyRequest) => string | undefined) =>
    limitPerIpAndAccount(app, name, config.rateLimits.login, key);
  // The second step counts as two-factor.routes.ts counts codes: per address, and per account
  // whose password step it answers, so starting a new login does not start a new count.
  const owners = new WeakMap<FastifyRequest, string>();
  const resolveOwner = async (request: FastifyRequest) => {
    const { challenge } = request.body as { challenge: string };
    owners.set(request, (await service.challengeOwner(challenge)) ?? hashToken(challenge));
  };
  const secondStep = (name: string) => [
    resolveOwner,
    limitPerIpAndAccount(app, name, config.rateLimits.twoFactor, (req) => owners.get(req)),
  ];

  r.post(
    '/passkey-login/options',
    {
      schema: {
        tags,
        summary: 'Start signing in with a passkey',
        description:
          'A WebAuthn challenge for any passkey of this site (a discoverable credential), single use, 5 minutes.',
        response: { 200: passkeyLoginOptionsResponse, 429: errorBody },
      },
      preHandler: limit('passkey-login-options', () => undefined),
    },
    async () => {
      const { challengeId, options } = await service.signInOptions();
      // Spread into a plain object: the library's option interfaces have no index signature, the
      // contract's loose schema (passed through as it is) wants one.
      return { data: { challenge_id: challengeId, options: { ...options } } };
    },
  );

  r.post(
    '/passkey-login',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey',
        description: 'No second step follows, even with two-factor sign-in on: the passkey is the proof.',
        body: passkeyLoginBody,
        response: { 200: sessionResponse, ...errors },
      },
      preHandler: limit('passkey-login', bodyCredentialId),
    },
    async (request, reply) => {
      const session = await service.signIn(request.body.challenge_id, request.body.credential, clientMeta(request));
      return { message: 'Logged in successfully', data: sessionAnswer(reply, session) };
    },
  );

  r.post(
    '/login/2fa/passkey-options',
    {
      schema: {
        tags,
        summary: "Answer the login's second step with a passkey: the WebAuthn challenge",
        body: loginChallengeBody,
        response: { 200: passkeySecondFactorOptionsResponse, ...errors },
      },
      preHandler: secondStep('login-2fa-passkey-options'),
    },
    async (request) => ({ data: { options: { ...(await service.secondFactorOptions(request.body.challenge)) } } }),
  );

  r.post(
    '/login/2fa/passkey',
    {
      schema: {
        tags,
        summary: "Answer the login's second step with a passkey",
        body: passkeySecondFactorBody,
        response: { 200: sessionResponse, ...errors },
      },
      preHandler: secondStep('login-2fa-passkey'),
    },
    async (request, reply) => {
      const { challenge, credential } = request.body;
      const session = await service.secondFactor(challenge, credential, clientMeta(request));
      return { message: 'Logged in successfully', data: sessionAnswer(reply, session) };
    },
  );

  const signedIn = signedInRoutes(app, authenticate, tags);
  // Each call stores a challenge: a signed-in script must not fill the table.
  const perUser = (name: string) => limitPerIpAndAccount(app, name, config.rateLimits.login, (req) => req.auth?.userId);

  signedIn.get(
    '/passkeys',
    { summary: "The signed-in user's passkeys, oldest first", response: { 200: passkeysResponse } },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  signedIn.post(
    '/passkeys/options',
    {
      summary: 'Start adding a passkey: the WebAuthn registration options',
      description: '409 when the account already has the most passkeys allowed.',
      response: { 200: passkeyRegistrationOptionsResponse, 409: errorBody, 429: errorBody, ...reauthAnswer },
    },
    async ({ userId }) => ({ data: { options: { ...(await service.registrationOptions(userId)) } } }),
    { preHandler: [app.requireRecentAuth(), perUser('passkey-options')] },
  );

  signedIn.post(
    '/passkeys',
    {
      summary: 'Add a passkey: the browser’s answer to the registration options',
      body: registerPasskeyBody,
      response: { 201: passkeyResponse, 400: errorBody, 409: errorBody, ...reauthAnswer },
    },
    async ({ userId, body, reply }) =>
      reply
        .status(201)
        .send({ message: 'Passkey added', data: await service.register(userId, body.name, body.credential) }),
    { preHandler: [app.requireRecentAuth('A passkey was added to your Helo account')] },
  );

  signedIn.delete(
    '/passkeys/:id',
    {
      summary: 'Remove a passkey',
      params: passkeyParams,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody, ...reauthAnswer },
    },
    async ({ userId, params }) => {
      await service.remove(userId, params.id);
      return { message: 'Passkey removed', data: null };
    },
    { preHandler: [app.requireRecentAuth('A passkey was removed from your Helo account')] },
  );
}

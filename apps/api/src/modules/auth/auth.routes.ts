import {
  activeSessionsResponse,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  logoutBody,
  onboardingResponse,
  profileBody,
  profileResponse,
  refreshBody,
  refreshResponse,
  registerBody,
  resetPasswordBody,
  revokedSessionsResponse,
  sessionResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@helo/contract/auth';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { hashToken } from '../../lib/crypto.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import { UNVERIFIED_ALLOWED } from '../../plugins/require-verified.ts';
import { type AuthService, FORGOT_PASSWORD_MESSAGE } from './auth.service.ts';
import { clientMeta } from './client-meta.ts';
import { deviceCookies } from './device-cookie.ts';
import { reauthAnswer } from './recent-auth/recent-auth.ts';
import { clearRefreshCookie, refreshCookie, sessionAnswer } from './refresh-cookie.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const tags = ['auth'];

const bodyEmail = (req: FastifyRequest) => (req.body as { email?: string } | undefined)?.email;
const bodyToken = (req: FastifyRequest) => {
  const token = (req.body as { token?: string } | undefined)?.token;
  return token ? hashToken(token) : undefined;
};

export async function authRoutes(
  app: FastifyInstance,
  opts: { service: AuthService; config: AppConfig; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config, authenticate } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = config.rateLimits;
  const devices = deviceCookies(config.jwtSecret);
  // A browser this account signed in from before has its own allowance of wrong passwords.
  const loginAccountKey = (req: FastifyRequest) => devices.deviceKey(req, bodyEmail(req)) ?? bodyEmail(req);

  r.post(
    '/register',
    {
      schema: { tags, summary: 'Create an account', body: registerBody, response: { 201: sessionResponse, ...errors } },
      preHandler: limitPerIpAndAccount(app, 'register', limits.register, bodyEmail),
    },
    async (request, reply) => {
      const session = await service.register(request.body, clientMeta(request));
      devices.issue(reply, session.user.email);
      return reply.status(201).send({
        message: 'Account created. We sent you an email to verify your address.',
        data: sessionAnswer(reply, session),
      });
    },
  );

  r.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in',
        description:
          'For an account with two-factor sign-in on, the answer holds no tokens but a challenge for `POST /v1/auth/login/2fa`.',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
      preHandler: limitPerIpAndAccount(app, 'login', limits.login, loginAccountKey),
    },
    async (request, reply) => {
      const outcome = await service.login(request.body.email, request.body.password, clientMeta(request));
      devices.issue(reply, request.body.email);
      if ('two_factor_required' in outcome) {
        return { message: 'Enter the code from your authenticator app to finish signing in', data: outcome };
      }
      return { message: 'Logged in successfully', data: sessionAnswer(reply, outcome) };
    },
  );

  r.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (rotation)',
        description:
          'The refresh token comes in the body or, for the web client, from the HttpOnly cookie; when it came in the cookie, the new one goes back in the cookie only.',
        body: refreshBody,
        response: { 200: refreshResponse, ...errors },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refresh_token;
      const token = fromBody ?? refreshCookie(request, config.appUrl);
      try {
        const session = await service.refresh(token);
        const { refresh_token, ...pair } = sessionAnswer(reply, session);
        return { message: 'Token refreshed', data: fromBody ? { ...pair, refresh_token } : pair };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  r.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Log out (revokes this session)',
        body: logoutBody,
        response: { 200: messageOnly, 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      await service.logout(request.body?.refreshToken ?? refreshCookie(request, config.appUrl));
      clearRefreshCookie(reply);
      return { message: 'Logged out successfully', data: null };
    },
  );

  r.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify the email address with the mailed token',
        description:
          'The first proof of the address resets the account to a clean state: every passkey, two-factor secret, recovery code and session made before it is removed. When the request carries the refresh cookie of one of those sessions (the browser that opened the link), the answer holds a new session for it.',
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse, ...errors },
      },
      preHandler: limitPerIpAndAccount(app, 'verify', limits.verify, bodyToken),
    },
    async (request, reply) => {
      const { message, session } = await service.verifyEmail(request.body.token, {
        refreshToken: refreshCookie(request, config.appUrl),
        meta: clientMeta(request),
      });
      if (!session) return { message, data: { email_verified: true } };
      // The browser that opened the link gets a new session; its refresh token goes in the cookie only.
      const { refresh_token: _cookieOnly, ...fresh } = sessionAnswer(reply, session);
      return { message, data: { email_verified: true, session: fresh } };
    },
  );

  r.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        body: forgotPasswordBody,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: limitPerIpAndAccount(app, 'forgot', limits.forgot, bodyEmail),
    },
    async (request) => {
      // The answer is the same, and as quick, whether or not the address has an account: the
      // lookup and the mail happen after it.
      const { email } = request.body;
      app.backgroundWork.run('forgot-password', () => service.forgotPassword(email));
      return { message: FORGOT_PASSWORD_MESSAGE, data: null };
    },
  );

  r.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed token',
        body: resetPasswordBody,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: limitPerIpAndAccount(app, 'reset', limits.verify, bodyToken),
    },
    async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.password);
      clearRefreshCookie(reply);
      return { message: 'Your password has been reset. Please log in with your new password.', data: null };
    },
  );

  // Signed in: the routes of the user's own account.
  const signedIn = signedInRoutes(app, authenticate, tags);
  const perUser = (name: string, rule: (typeof limits)['resend']) =>
    limitPerIpAndAccount(app, name, rule, (req) => req.auth?.userId);

  signedIn.get(
    '/register',
    { summary: "The signed-in user's onboarding info", response: { 200: onboardingResponse } },
    async ({ userId }) => ({ data: await service.onboardingInfo(userId) }),
    { config: UNVERIFIED_ALLOWED },
  );

  signedIn.post(
    '/resend-verification-email',
    { summary: 'Send the verification email again', response: { 200: messageOnly, ...errors } },
    async ({ userId }) => ({ message: (await service.resendVerification(userId)).message, data: null }),
    { preHandler: [perUser('resend', limits.resend)], config: UNVERIFIED_ALLOWED },
  );

  signedIn.post(
    '/change-password',
    {
      summary: 'Change the password (signs out other sessions)',
      body: changePasswordBody,
      response: { 200: messageOnly, ...errors, ...reauthAnswer },
    },
    async ({ auth, body }) => {
      await service.changePassword(auth, body.current_password, body.new_password);
      return { message: 'Password changed. Your other devices have been signed out.', data: null };
    },
    // Per address and per account, as login: a stolen session must not become a password oracle.
    {
      preHandler: [
        app.requireRecentAuth('The password of your Helo account was changed'),
        perUser('change-password', limits.changePassword),
      ],
    },
  );

  signedIn.put(
    '/profile',
    { summary: 'Update first and last name', body: profileBody, response: { 200: profileResponse, ...errors } },
    async ({ userId, body }) => ({
      message: 'Profile updated',
      data: await service.updateProfile(userId, body.first_name, body.last_name),
    }),
    { config: UNVERIFIED_ALLOWED },
  );

  signedIn.get(
    '/sessions',
    { summary: 'Where the user is signed in', response: { 200: activeSessionsResponse } },
    async ({ auth }) => ({ data: await service.activeSessions(auth.userId, auth.sessionId) }),
  );

  signedIn.post(
    '/sessions/revoke-others',
    { summary: 'Sign out every other device', response: { 200: revokedSessionsResponse } },
    async ({ auth }) => {
      const revoked = await service.revokeOtherSessions(auth);
      return {
        message: revoked === 1 ? 'Signed out 1 other device' : `Signed out ${revoked} other devices`,
        data: { revoked },
      };
    },
  );
}

import {
  activeSessionsResponse,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  onboardingResponse,
  profileBody,
  profileResponse,
  refreshBody,
  registerBody,
  resetPasswordBody,
  revokedSessionsResponse,
  sessionResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@helo/contract/auth';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import type { Db } from '@helo/db/client';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import { listUserGoalIds } from '../onboarding/onboarding.repository.ts';
import { findUserById, listActiveSessions } from './auth.repository.ts';
import {
  type AuthService,
  type ClientMeta,
  FORGOT_PASSWORD_MESSAGE,
  type IssuedSession,
  toPublicUser,
} from './auth.service.ts';
import { clearRefreshCookie, refreshCookie, setRefreshCookie } from './refresh-cookie.ts';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const tags = ['auth'];

const bodyEmail = (req: FastifyRequest) => (req.body as { email?: string } | undefined)?.email;
const bodyToken = (req: FastifyRequest) => {
  const token = (req.body as { token?: string } | undefined)?.token;
  return token ? hashToken(token) : undefined;
};

export async function authRoutes(
  app: FastifyInstance,
  opts: { service: AuthService; config: AppConfig; db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, config, authenticate } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = config.rateLimits;
  const sessionData = ({ sessionId: _sessionId, ...payload }: IssuedSession) => payload;

  r.post(
    '/register',
    {
      schema: { tags, summary: 'Create an account', body: registerBody, response: { 201: sessionResponse, ...errors } },
      preHandler: limitPerIpAndAccount(app, 'register', limits.register, bodyEmail),
    },
    async (request, reply) => {
      const session = await service.register(request.body, meta(request));
      setRefreshCookie(reply, session.refresh_token);
      return reply.status(201).send({
        message: 'Account created. We sent you an email to verify your address.',
        data: sessionData(session),
      });
    },
  );

  r.get(
    '/register',
    {
      schema: {
        tags,
        summary: "The signed-in user's onboarding info",
        security: [{ bearerAuth: [] }],
        response: { 200: onboardingResponse, 401: errorBody },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const user = await findUserById(opts.db, requireAuth(request).userId);
      if (!user) throw unauthorized();
      return {
        data: {
          user: toPublicUser(user),
          onboarding: {
            email_verified: user.emailVerifiedAt !== null,
            member_since: user.createdAt.toISOString(),
            goal_ids: await listUserGoalIds(opts.db, user.id),
          },
        },
      };
    },
  );

  r.post(
    '/login',
    {
      schema: { tags, summary: 'Log in', body: loginBody, response: { 200: sessionResponse, ...errors } },
      preHandler: limitPerIpAndAccount(app, 'login', limits.login, bodyEmail),
    },
    async (request, reply) => {
      const session = await service.login(request.body.email, request.body.password, meta(request));
      setRefreshCookie(reply, session.refresh_token);
      return { message: 'Logged in successfully', data: sessionData(session) };
    },
  );

  r.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (rotation)',
        description: 'The refresh token comes in the body or, for the web client, from the HttpOnly cookie.',
        body: refreshBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? refreshCookie(request, config.appUrl);
      try {
        const session = await service.refresh(token);
        setRefreshCookie(reply, session.refresh_token);
        return { message: 'Token refreshed', data: sessionData(session) };
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
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse, ...errors },
      },
      preHandler: limitPerIpAndAccount(app, 'verify', limits.verify, bodyToken),
    },
    async (request) => {
      const { message } = await service.verifyEmail(request.body.token);
      return { message, data: { email_verified: true } };
    },
  );

  r.post(
    '/resend-verification-email',
    {
      schema: {
        tags,
        summary: 'Send the verification email again',
        security: [{ bearerAuth: [] }],
        response: { 200: messageOnly, ...errors },
      },
      preHandler: [authenticate, limitPerIpAndAccount(app, 'resend', limits.resend, (req) => req.auth?.userId)],
    },
    async (request) => {
      const { message } = await service.resendVerification(requireAuth(request).userId);
      return { message, data: null };
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

  r.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password (signs out other sessions)',
        security: [{ bearerAuth: [] }],
        body: changePasswordBody,
        response: { 200: messageOnly, ...errors },
      },
      // Per address and per account, as login: a stolen session must not become a password oracle.
      preHandler: [
        authenticate,
        limitPerIpAndAccount(app, 'change-password', limits.changePassword, (req) => req.auth?.userId),
      ],
    },
    async (request) => {
      const { userId, sessionId } = requireAuth(request);
      await service.changePassword(userId, sessionId, request.body.current_password, request.body.new_password);
      return { message: 'Password changed. Your other devices have been signed out.', data: null };
    },
  );

  r.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Update first and last name',
        security: [{ bearerAuth: [] }],
        body: profileBody,
        response: { 200: profileResponse, ...errors },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const user = await service.updateProfile(
        requireAuth(request).userId,
        request.body.first_name,
        request.body.last_name,
      );
      return { message: 'Profile updated', data: user };
    },
  );

  r.get(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'Where the user is signed in',
        security: [{ bearerAuth: [] }],
        response: { 200: activeSessionsResponse, 401: errorBody },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const { userId, sessionId } = requireAuth(request);
      const rows = await listActiveSessions(opts.db, userId, opts.clock.now());
      return {
        data: rows.map((s) => ({
          id: s.id,
          user_agent: s.userAgent,
          ip: s.ip,
          created_at: s.createdAt.toISOString(),
          last_used_at: s.lastUsedAt.toISOString(),
          current: s.id === sessionId,
        })),
      };
    },
  );

  r.post(
    '/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign out every other device',
        security: [{ bearerAuth: [] }],
        response: { 200: revokedSessionsResponse, 401: errorBody },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const { userId, sessionId } = requireAuth(request);
      const revoked = await service.revokeOtherSessions(userId, sessionId);
      return {
        message: revoked === 1 ? 'Signed out 1 other device' : `Signed out ${revoked} other devices`,
        data: { revoked },
      };
    },
  );
}

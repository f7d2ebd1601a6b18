import {
  authSessions,
  loginChallenges,
  oneTimeTokens,
  recoveryCodes,
  refreshTokens,
  users,
  userTotp,
} from '@helo/db/schema';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { byUser, defineModule, plugin, routes } from '../../api-module.ts';
import { requireVerifiedEmail } from '../../plugins/require-verified.ts';
import { SessionCache } from '../../plugins/session-cache.ts';
import { createAccessTokens } from './access-token.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { createAuthenticate } from './authenticate.ts';
import { reauthRoutes } from './recent-auth/reauth.routes.ts';
import { type PasskeyReauth, ReauthService } from './recent-auth/reauth.service.ts';
import { recentAuthPlugin } from './recent-auth/recent-auth.ts';
import { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { TwoFactorService } from './two-factor/two-factor.service.ts';

/**
 * Sign-up, sign-in, sessions and two-factor (/api/v1/auth). Its services include what every signed-in
 * route needs: `authenticate` (signed in with a verified email, unless a route allows otherwise:
 * require-verified.ts) and `identify` (who is signed in, if anyone).
 */
export const authModule = defineModule({
  name: 'auth',
  services: ({ db, clock, mailer, config }) => {
    const accessTokens = createAccessTokens(config.jwtSecret);
    const sessionCache = new SessionCache(clock);
    const signedIn = createAuthenticate(db, accessTokens, clock, sessionCache);
    const auth = new AuthService(db, clock, config, mailer, accessTokens, sessionCache);
    return {
      sessionCache,
      authenticate: requireVerifiedEmail(signedIn.authenticate, db, clock),
      identify: signedIn.identify as preHandlerAsyncHookHandler,
      auth,
      twoFactor: new TwoFactorService(db, clock, mailer, config, auth),
    };
  },
  routes: ({ config }, { auth, twoFactor, authenticate }) => [
    routes('/api/v1/auth', authRoutes, { service: auth, config, authenticate }),
    routes('/api/v1/auth', twoFactorRoutes, { service: twoFactor, config, authenticate }),
  ],
  userTables: [
    {
      name: 'users',
      table: users,
      scope: byUser(users.id),
      withheld: ['password_hash'],
      about: 'Your account: name, email address, when it was verified, created and last changed.',
      orderBy: [users.id],
    },
    {
      name: 'auth_sessions',
      table: authSessions,
      scope: byUser(authSessions.userId),
      withheld: [],
      about: 'Each sign-in (a device or browser): when it started, was last used, ended and why.',
      orderBy: [authSessions.createdAt, authSessions.id],
    },
    {
      name: 'refresh_tokens',
      table: refreshTokens,
      scope: byUser(refreshTokens.userId),
      withheld: ['token_hash'],
      about: 'The tokens that kept each session signed in, with when they were issued and exchanged.',
      orderBy: [refreshTokens.createdAt, refreshTokens.id],
    },
    {
      name: 'one_time_tokens',
      table: oneTimeTokens,
      scope: byUser(oneTimeTokens.userId),
      withheld: ['token_hash'],
      about: 'Email verification and password reset links we mailed you: when, until when, and whether used.',
      orderBy: [oneTimeTokens.createdAt, oneTimeTokens.id],
    },
    {
      name: 'user_totp',
      table: userTotp,
      scope: byUser(userTotp.userId),
      withheld: ['secret_encrypted', 'last_used_step'],
      about: 'Two-factor sign-in with an authenticator app: when it was set up and turned on (empty: never).',
      orderBy: [userTotp.userId],
    },
    {
      name: 'recovery_codes',
      table: recoveryCodes,
      scope: byUser(recoveryCodes.userId),
      withheld: ['code_hash'],
      about: 'Your two-factor recovery codes: when each was made and used (the codes themselves are not kept).',
      orderBy: [recoveryCodes.id],
    },
    {
      name: 'login_challenges',
      table: loginChallenges,
      scope: byUser(loginChallenges.userId),
      withheld: ['token_hash', 'webauthn_challenge'],
      about:
        'Sign-ins that waited for their second step (a code or a passkey): when, from where, and whether finished.',
      orderBy: [loginChallenges.createdAt, loginChallenges.id],
    },
  ],
});

/**
 * Sudo mode (recent authentication): its app-wide `requireRecentAuth` hook, registered before any
 * route, and /api/v1/auth/reauthenticate, which checks a password, a code or a passkey; so it comes
 * after the passkeys module in the registry.
 */
export const recentAuthModule = defineModule({
  name: 'auth/recent-auth',
  services: ({ db, clock }, s: { auth: AuthService; twoFactor: TwoFactorService; passkeys: PasskeyReauth }) => ({
    reauth: new ReauthService(db, clock, s.auth, s.twoFactor, s.passkeys),
  }),
  plugins: ({ db, clock, mailer, config }) => [
    plugin(recentAuthPlugin, { db, clock, mailer, supportEmail: config.supportEmail }),
  ],
  routes: ({ config }, { reauth, authenticate }) => [
    routes('/api/v1/auth', reauthRoutes, { service: reauth, config, authenticate }),
  ],
});

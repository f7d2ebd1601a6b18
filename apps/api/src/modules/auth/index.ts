// The auth module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { createAccessTokens } from './access-token.ts';
export { findUserById, recordFailedPasswordCheck, revokeSession } from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export { AuthService, type ClientMeta, type IssuedSession, MAX_PASSWORD_CHECKS_PER_SESSION } from './auth.service.ts';
export { createAuthenticate } from './authenticate.ts';
export { clientMeta } from './client-meta.ts';
export { findOpenLoginChallenge, recordFailedAttempt, setWebauthnChallenge } from './login-challenges.repository.ts';
export { authModule, recentAuthModule } from './module.ts';
export { reauthRoutes } from './recent-auth/reauth.routes.ts';
export { ReauthService } from './recent-auth/reauth.service.ts';
export { reauthAnswer, recentAuthPlugin } from './recent-auth/recent-auth.ts';
export { clearRefreshCookie, sessionAnswer } from './refresh-cookie.ts';
export { challengeOwner, consumeOpenChallenge } from './two-factor/two-factor.repository.ts';
export { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
export { MAX_CHALLENGE_FAILURES, TwoFactorService } from './two-factor/two-factor.service.ts';

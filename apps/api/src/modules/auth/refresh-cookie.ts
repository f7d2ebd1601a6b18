import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error.ts';
import { type IssuedSession, REFRESH_TOKEN_TTL_MS } from './auth.service.ts';

// Scoped to the auth routes and unreadable by scripts: our web client never stores the refresh token.
const COOKIE = 'helo_refresh';
const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/api/v1/auth' } as const;

export function setRefreshCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE, token, { ...OPTIONS, maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
}

/** A new session's answer: the refresh token also goes into the cookie; the session's id stays here. */
export function sessionAnswer(reply: FastifyReply, { sessionId: _sessionId, ...payload }: IssuedSession) {
  setRefreshCookie(reply, payload.refresh_token);
  return payload;
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE, OPTIONS);
}

/**
 * The refresh token from the cookie, for a request sent by a page of our own origin. The cookie is
 * SameSite=Strict already; refusing a foreign Origin as well is defence in depth against a browser
 * or a proxy that gets SameSite wrong. A request without Origin is no browser's cross-site request.
 */
export function refreshCookie(request: FastifyRequest, appUrl: string): string | undefined {
  const token = request.cookies[COOKIE] || undefined;
  const origin = request.headers.origin;
  if (token === undefined || origin === undefined) return token;
  const ownOrigins = [new URL(appUrl).origin, `${request.protocol}://${request.host}`];
  if (!ownOrigins.includes(origin)) throw forbidden('This request came from another site and was refused.');
  return token;
}

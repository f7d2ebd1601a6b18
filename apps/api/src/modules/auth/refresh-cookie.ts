import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from './auth.service.ts';

// Scoped to the auth routes and unreadable by scripts: our web client never stores the refresh token.
const COOKIE = 'helo_refresh';
const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/api/v1/auth' } as const;

export function setRefreshCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE, token, { ...OPTIONS, maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE, OPTIONS);
}

export function refreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[COOKIE] || undefined;
}

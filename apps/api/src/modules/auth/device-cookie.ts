import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// OWASP's "device cookies": a browser that signed in to an account before gets a cookie naming the
// account (by a signature, not in clear). Wrong passwords from it count against its own allowance,
// not the account's, so guesses from elsewhere cannot lock the owner out of password sign-in.
const COOKIE = 'helo_device';
const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/api/v1/auth/login' } as const;
const MAX_AGE_S = 180 * 24 * 60 * 60;

export function deviceCookies(secret: string) {
  const signature = (email: string, nonce: string) =>
    createHmac('sha256', secret).update('helo-device-cookie\0').update(email).update('\0').update(nonce).digest();

  return {
    /** After the right password for `email`: this browser is now one of the account's devices. */
    issue(reply: FastifyReply, email: string): void {
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(COOKIE, `${nonce}.${signature(email, nonce).toString('base64url')}`, {
        ...OPTIONS,
        maxAge: MAX_AGE_S,
      });
    },
    /** The rate-limit key of this browser when its cookie was issued for `email`; otherwise undefined. */
    deviceKey(request: FastifyRequest, email: string | undefined): string | undefined {
      const [nonce, given, ...rest] = (request.cookies[COOKIE] ?? '').split('.');
      if (!email || !nonce || !given || rest.length > 0) return undefined;
      const expected = signature(email, nonce);
      const actual = Buffer.from(given, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      return `device:${nonce}`;
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;

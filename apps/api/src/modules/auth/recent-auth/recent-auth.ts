import { errorBody } from '@helo/contract/envelope';
import { REAUTH_WINDOW_MS } from '@helo/contract/reauth';
import type { Db } from '@helo/db/client';
import Bowser from 'bowser';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../../lib/clock.ts';
import { ReauthRequiredError, unauthorized } from '../../../lib/http-error.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { securityChangeMail } from '../../../mail/templates.ts';
import { findElevation } from './recent-auth.repository.ts';

export { REAUTH_WINDOW_MS };

/** The 403 a guarded route documents (spread into its `response`). */
export const reauthAnswer = {
  403: errorBody.describe(
    'No proof in the last 5 minutes (`reauth_required: true`): `POST /v1/auth/reauthenticate`, then send this again.',
  ),
};

interface PendingChange {
  change: string;
  email: string;
  firstName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sudo mode's guard, after `authenticate`: a 403 `reauth_required` unless this session proved
     * who it is in the last 5 minutes. `change` ("A passkey was added") is what the security mail
     * says once the route has answered 2xx; without it no mail is sent (the route mails itself).
     */
    requireRecentAuth: (change?: string) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    securityChange?: PendingChange;
  }
}

/** "Chrome on macOS" from a user agent (bowser), for the security mail. */
export function deviceSummary(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || 'an unknown device';
}

/**
 * The elevation is read from the session row on every guarded request, never from the session
 * cache: a guarded request is rare, and so the window ends exactly when the row says it does.
 */
export const recentAuthPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; clock: Clock; mailer: Mailer; supportEmail: string }) => {
    const { db, clock, mailer, supportEmail } = opts;
    app.decorate(
      'requireRecentAuth',
      (change?: string) =>
        async function requireRecentAuth(request: FastifyRequest) {
          const auth = request.auth;
          if (!auth) throw unauthorized();
          const row = await findElevation(db, auth.sessionId, auth.userId);
          if (!row) throw unauthorized();
          if (!row.elevatedUntil || row.elevatedUntil <= clock.now()) throw new ReauthRequiredError();
          if (change) request.securityChange = { change, email: row.email, firstName: row.firstName };
        },
    );

    // Once the change has answered 2xx (so it committed), before the answer leaves: a client that
    // got its answer can find the mail in the outbox.
    app.addHook('onSend', async (request, reply, payload) => {
      const pending = request.securityChange;
      if (!pending || reply.statusCode >= 300) return payload;
      request.securityChange = undefined;
      const context = { at: clock.now(), device: deviceSummary(request.headers['user-agent']), ip: request.ip ?? null };
      const mail = securityChangeMail(pending.email, pending.firstName, pending.change, context, supportEmail);
      try {
        await mailer.queue(db, mail);
        mailer.afterCommit([mail]);
      } catch (err) {
        // The change is made; a mail that could not be queued must not turn it into an error.
        request.log.error({ err }, 'security change mail not queued');
      }
      return payload;
    });
  },
  { name: 'recent-auth' },
);

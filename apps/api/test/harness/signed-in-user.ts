import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { TOOL_IDS } from '@helo/contract/tools';
import { outboxMail, users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { elevate, GOOD_PASSWORD, register } from '../accounts.ts';
import type { TestApp } from '../test-app.ts';
import type { OwnedIds } from './module-harness.ts';
import { ensureOwnedRecords } from './owned-records.ts';
import type { KnownName } from './wire.ts';

/**
 * A real user registered through the API, whose session the fuzzer uses. The fuzzer may log it out,
 * rotate its refresh token or change its password (its inputs include the user's own values); then
 * `signInAgain` logs in, and when the password is no longer known, resets it through the mailed link.
 */
export class SignedInUser {
  readonly t: TestApp;
  userId = '';
  email = '';
  password = GOOD_PASSWORD;
  accessToken = '';
  refreshToken = '';
  notificationId = '';
  /** Ids of records the user owns, once `keepOwnedRecords` has made them. */
  owned: OwnedIds = {};
  signIns = 0;

  constructor(t: TestApp) {
    this.t = t;
  }

  async register(overrides: Record<string, unknown> = {}): Promise<this> {
    const { body, session } = await register(this.t, overrides);
    this.email = body.email;
    this.password = body.password;
    this.userId = session.user.id;
    await this.take(session);
    const list = await this.t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { authorization: `Bearer ${this.accessToken}` },
    });
    this.notificationId = (list.json().data as { _id: string }[])[0]?._id ?? '';
    return this;
  }

  readonly known = (name: KnownName): string => {
    switch (name) {
      case 'email':
        return this.email;
      case 'password':
        return this.password;
      case 'refresh_token':
        return this.refreshToken;
      case 'notification_id':
        return this.notificationId;
      case 'tool_id':
        // A real tool, so the fuzzer joins and leaves a waitlist (201, 200), not only 404s; always the
        // same one, so a failing run replays the same way.
        return TOOL_IDS[0] ?? '';
      default:
        // A record the fuzzer deleted a moment ago and that is not made again yet: a well-formed id of nothing.
        return this.owned[name] ?? '00000000-0000-4000-8000-000000000000';
    }
  };

  /** Reads the ids of the user's records again, and makes any that is gone (owned-records.ts). */
  async keepOwnedRecords(): Promise<void> {
    await this.ensureSignedIn();
    this.owned = await ensureOwnedRecords(this.t, this.userId, (method, url, payload, headers) =>
      this.t.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${this.accessToken}` } }),
    );
  }

  /** The access token still works (the fuzzer may have logged the session out). */
  async isSignedIn(): Promise<boolean> {
    const res = await this.t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: { authorization: `Bearer ${this.accessToken}` },
    });
    return res.statusCode === 200;
  }

  async ensureSignedIn(): Promise<void> {
    if (!(await this.isSignedIn())) await this.signInAgain();
  }

  async signInAgain(): Promise<void> {
    this.signIns += 1;
    const login = () =>
      this.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: this.email, password: this.password },
      });
    let res = await login();
    if (res.statusCode === 401 && !(await this.accountExists())) {
      // A fuzzed DELETE /v1/account went through: sign up again with the same address, as its owner could.
      await this.register({ email: this.email, password: `back-again-${randomUUID()}` });
      this.owned = {};
      return;
    }
    if (res.statusCode === 401) {
      // A fuzzed change-password succeeded: take the account back the way its owner would. A new
      // random password each time: the fuzzer may have renamed the user after the old one.
      this.password = `taken-back-${randomUUID()}`;
      const token = await this.mailedResetToken();
      const reset = await this.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token, password: this.password },
      });
      if (reset.statusCode !== 200) throw new Error(`could not reset the fuzz user's password: ${reset.body}`);
      res = await login();
    }
    if (res.statusCode !== 200) throw new Error(`the fuzz user cannot sign in again: ${res.statusCode} ${res.body}`);
    await this.take(res.json().data);
  }

  private async accountExists(): Promise<boolean> {
    const found = await this.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, this.email.toLowerCase()));
    return found.length > 0;
  }

  /**
   * Asks for a reset link and reads it from the outbox. The fuzzer asks for links too, and the test
   * clock gives them all one time stamp, so the new mail is the one that was not there before.
   */
  private async mailedResetToken(): Promise<string> {
    const mail = () =>
      this.t.database.db
        .select({ id: outboxMail.id, kind: outboxMail.kind, text: outboxMail.textBody })
        .from(outboxMail)
        .where(eq(outboxMail.toAddress, this.email.toLowerCase()));
    const seen = new Set((await mail()).map((m) => m.id));
    await this.t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: this.email } });
    for (let attempt = 0; attempt < 100; attempt++) {
      const fresh = (await mail()).find((m) => !seen.has(m.id) && m.kind === 'reset_password');
      const token = fresh?.text.match(/token=([\w-]+)/)?.[1];
      if (token) return token;
      await setTimeout(20); // the mail may be queued just after the answer
    }
    throw new Error(`no new reset mail for ${this.email}`);
  }

  /** Each session is in sudo mode, so the fuzzer reaches the success paths of the sensitive routes too. */
  private async take(session: { access_token: string; refresh_token: string }) {
    this.accessToken = session.access_token;
    this.refreshToken = session.refresh_token;
    await elevate(this.t, this.accessToken, this.password);
  }
}

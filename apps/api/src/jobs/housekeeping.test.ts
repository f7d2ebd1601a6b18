import { authSessions, nestAccounts, oneTimeTokens, outboxMail, refreshTokens, walletImports } from '@helo/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { walletAccount } from '../modules/ledger/index.ts';
import { RETENTION, runHousekeeping } from './housekeeping.ts';

const t = useTestApp();
const DAY = 86_400_000;
const run = () => runHousekeeping({ db: t().database.db, clock: t().clock });
const post = (url: string, payload: object) => t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload });

async function sessionsOf(userId: string) {
  return t().database.db.select().from(authSessions).where(eq(authSessions.userId, userId));
}

async function mail(status: 'sent' | 'pending', to: string) {
  const now = t().clock.now();
  const [row] = await t()
    .database.db.insert(outboxMail)
    .values({
      toAddress: to,
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      kind: 'k',
      status,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: outboxMail.id });
  return row?.id ?? '';
}

describe('housekeeping', () => {
  it('deletes what has served its time and keeps everything still in use', async () => {
    const db = t().database.db;
    const old = await register(t());
    const signedOut = (await post('login', { email: old.body.email, password: GOOD_PASSWORD })).json().data;
    await post('logout', { refreshToken: signedOut.refresh_token });
    const sent = await mail('sent', old.body.email);
    const pending = await mail('pending', old.body.email);

    t().clock.advance((RETENTION.endedSessionDays + 1) * DAY);
    const fresh = await register(t());
    const deleted = await run();

    // The session signed out 31 days ago is gone with its refresh tokens; the one still running
    // until its 30-day expiry (a day ago) is kept for another 30 days.
    const oldSessions = await sessionsOf(old.session.user.id);
    expect(oldSessions).toHaveLength(1);
    expect(oldSessions[0]?.revokedAt).toBeNull();
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, old.session.user.id));
    expect(new Set(tokens.map((r) => r.sessionId))).toEqual(new Set([oldSessions[0]?.id]));
    // The old verification link expired long ago; the new user's is kept.
    const links = await db
      .select()
      .from(oneTimeTokens)
      .where(inArray(oneTimeTokens.userId, [old.session.user.id, fresh.session.user.id]));
    expect(links.map((r) => r.userId)).toEqual([fresh.session.user.id]);
    // Mail: the delivered one and the old development outbox go; the unsent one never does.
    const mails = await db
      .select()
      .from(outboxMail)
      .where(inArray(outboxMail.toAddress, [old.body.email, fresh.body.email]));
    expect(mails.map((m) => m.id)).toContain(pending);
    expect(mails.map((m) => m.id)).not.toContain(sent);
    expect(mails.filter((m) => m.toAddress === old.body.email).map((m) => m.status)).toEqual(['pending']);
    expect(mails.some((m) => m.toAddress === fresh.body.email && m.status === 'outbox')).toBe(true);
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(deleted.oneTimeTokens).toBeGreaterThanOrEqual(1);
    expect(deleted.mail).toBeGreaterThanOrEqual(2);

    // Thirty days after the remaining session expired, it goes too; the account stays.
    t().clock.advance(RETENTION.endedSessionDays * DAY);
    await run();
    expect(await sessionsOf(old.session.user.id)).toEqual([]);
    expect((await sessionsOf(fresh.session.user.id)).length).toBe(1);
    expect((await post('login', { email: old.body.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('can run on two servers at once: the second finds nothing left, and nothing fails', async () => {
    const { body } = await register(t());
    await mail('sent', body.email);
    t().clock.advance((RETENTION.sentMailDays + 1) * DAY);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.mail + b.mail).toBeGreaterThanOrEqual(1);
    const left = await t().database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, body.email));
    expect(left.filter((m) => m.status === 'sent')).toEqual([]);
  });

  it('deletes a bank file import left uncommitted for a day, and keeps committed ones and newer ones', async () => {
    const db = t().database.db;
    const { session } = await register(t());
    const userId = session.user.id;
    await db.insert(nestAccounts).values({ userId, activatedAt: t().clock.now() });
    const wallet = await walletAccount(db, userId);
    const upload = (fileName: string, committed: boolean) =>
      db
        .insert(walletImports)
        .values({
          userId,
          accountId: wallet.id,
          fileName,
          format: 'csv',
          content: committed ? null : 'Date,Payee,Amount',
          createdAt: t().clock.now(),
          committedAt: committed ? t().clock.now() : null,
          insertedCount: committed ? 3 : null,
        })
        .returning({ id: walletImports.id });
    await upload('left.csv', false);
    await upload('committed.csv', true);
    t().clock.advance(RETENTION.uncommittedImportDays * DAY - 60_000);
    await upload('recent.csv', false);

    // A minute short of a day: nothing goes yet.
    expect((await run()).imports).toBe(0);
    t().clock.advance(120_000);
    expect((await run()).imports).toBe(1);
    const left = await db.select().from(walletImports).where(eq(walletImports.userId, userId));
    expect(left.map((r) => r.fileName).sort()).toEqual(['committed.csv', 'recent.csv']);
  });
});

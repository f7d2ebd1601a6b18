import type { Db } from '@helo/db/client';
import {
  authSessions,
  loginChallenges,
  oneTimeTokens,
  outboxMail,
  walletImports,
  webauthnChallenges,
} from '@helo/db/schema';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { job } from '../api-module.ts';
import type { Clock } from '../lib/clock.ts';
import { STAGING_LEASE_MS } from '../modules/wallet/index.ts';

const DAY = 86_400_000;

/**
 * How long records that only serve a purpose for a while are kept (docs/decisions.md, issue 11):
 * - a session (and every refresh token of it) 30 days after it ended, expired or revoked: long
 *   enough to answer "was that me?" from the devices list and a support request, and a replayed
 *   token of it is refused either way;
 * - a verification or reset token 7 days after it expired (used ones expire too);
 * - a delivered mail 30 days after it was written (its body is already gone); a development outbox
 *   mail after 7 days. Mail still to be sent is never deleted;
 * - a bank file uploaded into My Wallet and never committed, a day after the upload (issue 15): its
 *   text is only kept between the preview and the commit;
 * - a challenge of the sign-in (a two-factor login's, a passkey's) once it expired: it can no longer
 *   be answered, and it says nothing a user would ask about (issue 16).
 */
export const RETENTION = {
  endedSessionDays: 30,
  expiredOneTimeTokenDays: 7,
  sentMailDays: 30,
  outboxMailDays: 7,
  uncommittedImportDays: 1,
} as const;

export interface HousekeepingResult {
  sessions: number;
  oneTimeTokens: number;
  mail: number;
  imports: number;
  challenges: number;
}

/** One set-based delete a kind of record; safe to run on several servers at once. */
export async function runHousekeeping({ db, clock }: { db: Db; clock: Clock }): Promise<HousekeepingResult> {
  const now = clock.now().getTime();
  const before = (days: number) => new Date(now - days * DAY);

  const sessions = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, before(RETENTION.endedSessionDays)),
        lt(authSessions.revokedAt, before(RETENTION.endedSessionDays)),
      ),
    )
    .returning({ id: authSessions.id });
  const tokens = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, before(RETENTION.expiredOneTimeTokenDays)))
    .returning({ id: oneTimeTokens.id });
  const mail = await db
    .delete(outboxMail)
    .where(
      or(
        and(eq(outboxMail.status, 'sent'), lt(outboxMail.createdAt, before(RETENTION.sentMailDays))),
        and(eq(outboxMail.status, 'outbox'), lt(outboxMail.createdAt, before(RETENTION.outboxMailDays))),
      ),
    )
    .returning({ id: outboxMail.id });
  const imports = await db
    .delete(walletImports)
    .where(
      and(
        isNull(walletImports.committedAt),
        lt(walletImports.createdAt, before(RETENTION.uncommittedImportDays)),
        // Not while a live commit stages it. A dead commit's staged journals stay staged in the ledger
        // (in no list, no balance) until the user's next commit discards them (decisions.md, issue 27).
        or(isNull(walletImports.stagingAt), lt(walletImports.stagingAt, new Date(now - STAGING_LEASE_MS))),
      ),
    )
    .returning({ id: walletImports.id });
  const webauthn = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date(now)))
    .returning({ id: webauthnChallenges.id });
  const logins = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, new Date(now)))
    .returning({ id: loginChallenges.id });
  return {
    sessions: sessions.length,
    oneTimeTokens: tokens.length,
    mail: mail.length,
    imports: imports.length,
    challenges: webauthn.length + logins.length,
  };
}

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/** The app's housekeeping as a scheduled job: once a day, at a quiet hour in the product's time zone (UTC 08:17 = 03:17 in New York). */
export const housekeepingJob = (deps: { db: Db; clock: Clock }) =>
  job<HousekeepingResult>({
    queue: HOUSEKEEPING_QUEUE,
    cron: '17 8 * * *',
    run: () => runHousekeeping(deps),
    report: (deleted, log) => log.info({ deleted }, 'housekeeping done'),
  });

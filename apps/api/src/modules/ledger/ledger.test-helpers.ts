import { randomUUID } from 'node:crypto';
import type { Db } from '@helo/db/client';
import { ledgerAccounts, ledgerBatches, ledgerJournals, ledgerPostings, users } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import { and, eq, sql } from 'drizzle-orm';

/** A user row without the sign-up's password hashing: the ledger's tests need only the id. */
export async function ledgerUser(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email: `ledger-${id}@example.test`,
    firstName: 'Led',
    lastName: 'Ger',
    passwordHash: 'not-a-hash',
  });
  return id;
}

export const line = (accountId: string, amount: number): Line => ({ accountId, amountCents: amount as Cents });

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
export async function errorCode(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

/**
 * What the ledger must always hold for a user, read straight from the tables: every journal sums to
 * zero, every stored balance is the sum of its published postings (none of a batch still staged), no
 * "never below zero" account is below zero, and no journal is reversed twice.
 */
export async function ledgerInvariants(db: Db, userId: string) {
  const unbalanced = await db
    .select({ journalId: ledgerPostings.journalId, sum: sql<string>`sum(${ledgerPostings.amountCents})` })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.userId, userId))
    .groupBy(ledgerPostings.journalId)
    .having(sql`sum(${ledgerPostings.amountCents}) <> 0`);
  const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  // A staged posting (of a batch not published yet) is in no balance.
  const sums = await db
    .select({ accountId: ledgerPostings.accountId, sum: sql<string>`sum(${ledgerPostings.amountCents})` })
    .from(ledgerPostings)
    .leftJoin(ledgerBatches, eq(ledgerBatches.id, ledgerPostings.batchId))
    .where(
      and(
        eq(ledgerPostings.userId, userId),
        sql`(${ledgerPostings.batchId} is null or ${ledgerBatches.publishedAt} is not null)`,
      ),
    )
    .groupBy(ledgerPostings.accountId);
  const sumOf = new Map(sums.map((s) => [s.accountId, Number(s.sum)]));
  const reversals = await db
    .select({ reversesId: ledgerJournals.reversesId, n: sql<string>`count(*)` })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.userId, userId))
    .groupBy(ledgerJournals.reversesId)
    .having(sql`${ledgerJournals.reversesId} IS NOT NULL AND count(*) > 1`);
  return {
    unbalancedJournals: unbalanced.length,
    balancesOffTheirPostings: accounts.filter((a) => a.balanceCents !== (sumOf.get(a.id) ?? 0)).map((a) => a.name),
    belowZero: accounts.filter((a) => a.neverBelowZero && a.balanceCents < 0).map((a) => a.name),
    reversedTwice: reversals.length,
  };
}

export const HOLDS = { unbalancedJournals: 0, balancesOffTheirPostings: [], belowZero: [], reversedTwice: 0 };

import type { Db } from '@helo/db/client';
import { outboxMail } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';

/** The newest outbox rows, to one address or to anyone. */
export function listOutboxMail(db: Db, to: string | undefined, limit: number) {
  return db
    .select()
    .from(outboxMail)
    .where(to ? eq(outboxMail.toAddress, to) : undefined)
    .orderBy(desc(outboxMail.createdAt))
    .limit(limit);
}

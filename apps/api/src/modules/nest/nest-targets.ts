import type { Db } from '@helo/db/client';
import type { MailMessage } from '../../mail/templates.ts';

/**
 * What the Money Nest needs of an area whose account a rule can send money to (the emergency fund,
 * a goal, an investment account). The areas implement it and app.ts hands it to the Nest, so the
 * Nest imports none of them (issue 27 item 6): it posts to their accounts through the ledger.
 */
export interface NestTarget {
  /**
   * Before a Nest journal moves `deltaCents` into (or, negative, out of) the target: locks its row
   * (the area's lock order: its row, then the ledger's accounts), refuses a share it may not take
   * (400 at `amount`), and names its ledger account. Undefined when the target is gone.
   */
  before(
    tx: Db,
    userId: string,
    targetId: string | null,
    deltaCents: number,
  ): Promise<{ accountId: string; name: string } | undefined>;
  /** After the journal, in its transaction: the change counted (version), a milestone announced. */
  after(tx: Db, userId: string, targetId: string | null, now: Date, mails: MailMessage[]): Promise<void>;
  /** The user's targets of this kind that a rule may name, with their names, by id. */
  names(db: Db, userId: string): Promise<Map<string, string>>;
}

export type NestTargets = Record<'emergency_fund' | 'goal' | 'investment', NestTarget>;

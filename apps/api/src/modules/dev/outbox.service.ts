import type { Db } from '@helo/db/client';
import { listOutboxMail } from './outbox.repository.ts';

export interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  text: string;
  html: string;
  /** Every link of the text body, so a test can follow the verification or reset link. */
  links: string[];
  created_at: string;
}

/** The mail the app wrote, for people and tests outside production (outbox.routes.ts guards who asks). */
export class DevOutboxService {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Newest first; `to` matches the address as stored (lower-cased). */
  async list(to: string | undefined, limit: number): Promise<OutboxItem[]> {
    const rows = await listOutboxMail(this.#db, to?.trim().toLowerCase() || undefined, limit);
    return rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      kind: m.kind,
      status: m.status,
      text: m.textBody,
      html: m.htmlBody,
      links: m.textBody.match(/https?:\/\/\S+/g) ?? [],
      created_at: m.createdAt.toISOString(),
    }));
  }
}

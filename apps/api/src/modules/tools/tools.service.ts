import { TOOLS, type Tool } from '@helo/contract/tools';
import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import { join, joinedAt, leave, listJoined } from './tools.repository.ts';

type ProductTool = (typeof TOOLS)[number];

const view = (t: ProductTool, joined: Date | null | undefined): Tool => ({
  id: t.id,
  name: t.name,
  description: t.description,
  on_waitlist: joined != null,
  joined_at: joined ? joined.toISOString() : null,
});

/**
 * The tools waitlist (issue 17, decisions.md "Vault, tools waitlist and Home"): the product's list
 * of upcoming tools (@helo/contract/tools) and, per user, the ones they want to hear about. Joining
 * and leaving are idempotent, so a double click or two tabs never end in an error, and they touch
 * nothing but the user's own waitlist row (no mail, no notification).
 */
export class ToolsService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list(userId: string): Promise<Tool[]> {
    const joined = await listJoined(this.#db, userId);
    return TOOLS.map((t) => view(t, joined.get(t.id)));
  }

  /** Joins the list; `created` is false when the user was on it already (joined_at stays the first). */
  join(userId: string, toolId: string): Promise<{ tool: Tool; created: boolean }> {
    const product = known(toolId);
    return this.#db.transaction(async (tx) => {
      const created = await join(tx, userId, product.id, this.#clock.now());
      return { tool: view(product, await joinedAt(tx, userId, product.id)), created };
    });
  }

  /** Leaves the list; not being on it is the same answer (the state the client asked for holds). */
  async leave(userId: string, toolId: string): Promise<Tool> {
    const product = known(toolId);
    await leave(this.#db, userId, product.id);
    return view(product, null);
  }
}

/** The product's tool of that id, or a 404 naming the id the client sent. */
function known(toolId: string): ProductTool {
  const product = TOOLS.find((t) => t.id === toolId);
  if (!product) throw notFound(`No upcoming tool has the id "${toolId}"`);
  return product;
}

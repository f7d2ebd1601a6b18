import type { Debt } from '@helo/contract/catalogues';
import type { Db } from '@helo/db/client';
import { notFound } from '../../lib/http-error.ts';
import { listDebts, listGoals } from './catalogues.repository.ts';
import { debtImagePath, readDebtImage } from './debt-images.ts';

/** The product catalogues (goals, debt types): the same for everyone, seeded by a migration. */
export class CatalogueService {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async goals() {
    const rows = await listGoals(this.#db);
    return rows.map((g) => ({ id: g.id, slug: g.slug, goal_name: g.goalName, description: g.description }));
  }

  async debts(): Promise<Debt[]> {
    const rows = await listDebts(this.#db);
    return rows.map((d) => ({ id: d.id, debt_name: d.debtName, image_url: debtImagePath(d.slug) }));
  }

  /** The SVG named `file`. Only a slug of the catalogue is read, so no path outside the folder can be asked for. */
  async debtImage(file: string): Promise<Buffer> {
    const slugs = new Set((await listDebts(this.#db)).map((d) => d.slug));
    const slug = file.replace(/\.svg$/, '');
    if (!slugs.has(slug)) throw notFound('Image not found');
    return readDebtImage(slug);
  }
}

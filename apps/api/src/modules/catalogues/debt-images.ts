import { readFile } from 'node:fs/promises';

const IMAGES = new URL('./images/', import.meta.url);

/** Where a debt type's artwork is served (catalogues.routes.ts); the wire's `image_url`. */
export const debtImagePath = (slug: string) => `/api/v1/debts/images/${slug}.svg`;

/** The artwork of a debt type; the caller has checked the slug against the catalogue. */
export const readDebtImage = (slug: string) => readFile(new URL(`${slug}.svg`, IMAGES));

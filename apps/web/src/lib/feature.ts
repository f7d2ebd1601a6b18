import type { ComponentType } from 'react';

/**
 * What a web feature is, described once in its `feature.ts` (apps/web/src/features/<x>/feature.ts)
 * and listed in the app's registry (app/features.ts): the router, the side menu and the query
 * client's invalidation loop read it from there (ARCHITECTURE.md, "The web's feature registry").
 *
 * Types only: a feature.ts is in the entry chunk (the router needs its routes), so it takes no
 * runtime code beyond its own data and the loaders of its pages.
 */
export interface Feature {
  /**
   * Its folder's name. Also the first element of every one of its query keys (the shared key
   * convention): another feature's writes mark its queries stale by naming it, never by its keys.
   */
  id: string;
  routes?: readonly FeatureRoute[];
  menu?: readonly MenuEntry[];
  /** The features whose figures its writes change: a successful write marks all their queries stale. */
  invalidates?: readonly string[];
  /**
   * Loads the hook that says whether the feature is on, for the menu's locks (`MenuEntry.lockedUntil`).
   * The dashboard's frame loads it with itself: it is not for the entry chunk.
   */
  activation?: () => Promise<() => boolean>;
}

/** Which layout a page sits in (app/router.tsx): what wraps it and whether it reads server state. */
export type PageLayout =
  /** The sign-in card (AuthLayout), on the public pages' frame. */
  | 'sign-in'
  /** The public pages' frame, without TanStack Query. */
  | 'public'
  /** The public pages' frame, with TanStack Query (the calculators a visitor uses before signing up). */
  | 'public-with-queries'
  /** The signed-in dashboard: side menu, top bar, guard. */
  | 'dashboard';

export interface FeatureRoute {
  /** The whole path, as product-spec.md gives it (a dashboard page's starts with /dashboard/). */
  path: string;
  layout: PageLayout;
  /**
   * The page, in a chunk of its own that loads on the first visit: `() => import('./x-page.tsx')
   * .then((m) => m.XPage)`. The one page in the entry chunk (the sign-in page) gives `component`.
   * A page the app puts together from two features gives neither: app/features.ts COMPOSED_PAGES has it.
   */
  page?: () => Promise<ComponentType>;
  component?: ComponentType;
}

/** An item of the side menu (spec §2). */
export interface MenuEntry {
  label: string;
  to: string;
  section: 'main' | 'other';
  /** Its place in its section, lowest first. */
  order: number;
  /** Shows the lock icon until this feature (its id) is activated (decisions.md "Lock icons"). */
  lockedUntil?: string;
}

/**
 * What a write carries as its mutation's `meta`: `useMutation({ meta: { invalidates:
 * xFeature.invalidates }, … })`. On success lib/query-client.tsx marks these features' queries stale.
 */
export interface WriteMeta {
  invalidates: readonly string[];
}

import { type ComponentType, lazy, useMemo } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { FeatureRoute, PageLayout } from '../lib/feature.ts';
import { AppShell } from './app-shell.tsx';
import { COMPOSED_PAGES, FEATURES, loadActivations } from './features.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';

/**
 * A route module loaded on demand: the first page downloads React, the router and itself, not the
 * dashboard, the charts or the form libraries of other pages (the budgets in e2e/specs/performance.spec.ts).
 * Plain React.lazy rather than the data router's `lazy`: the data router alone adds ~16 KB gzipped.
 */
const lazyPage = (load: () => Promise<ComponentType>) => {
  const Page = lazy<ComponentType>(async () => ({ default: await load() }));
  return { element: <Page />, handle: { load } satisfies Preloadable };
};

interface Preloadable {
  load: () => Promise<unknown>;
}

/**
 * Starts loading every lazy module the URL needs at once (query layout, dashboard layout, page),
 * instead of each one only after its parent has rendered: three round trips become one. import()
 * is cached, so React.lazy then finds the modules already there.
 */
function preloadMatches(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    void (match.route.handle as Preloadable | undefined)?.load().catch(() => undefined);
  }
}

/** A feature's page as a route: its own chunk (or the page the app puts together there), or in the entry. */
function pageRoute(route: FeatureRoute): RouteObject {
  const page = COMPOSED_PAGES[route.path] ?? route.page;
  if (page) return { path: route.path, ...lazyPage(page) };
  const Page = route.component;
  if (!Page) throw new Error(`${route.path}: its feature.ts gives no page and the app puts none together there`);
  return { path: route.path, element: <Page /> };
}

/** The registry's pages (app/features.ts) that sit in `layout`. */
const pagesIn = (layout: PageLayout): RouteObject[] =>
  FEATURES.flatMap((feature) => feature.routes ?? [])
    .filter((route) => route.layout === layout)
    .map(pageRoute);

/** Pages that read server state through TanStack Query sit under this layout, loaded with them. */
const withQueries = lazyPage(() => import('./query-layout.tsx').then((m) => m.QueryLayout));

/** The dashboard's frame, with the hooks its menu's locks call (they are in its chunk). */
const dashboardLayout = lazyPage(() =>
  Promise.all([import('./layouts/dashboard-layout.tsx'), loadActivations()]).then(([m]) => m.DashboardLayout),
);

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <PublicLayout />,
        children: [
          // The sign-in page is in the entry chunk: the page most visits start on (auth/feature.ts).
          { element: <AuthLayout />, children: pagesIn('sign-in') },
          { ...withQueries, children: pagesIn('public-with-queries') },
          ...pagesIn('public'),
          { path: '*', ...lazyPage(() => import('./not-found-page.tsx').then((m) => m.NotFoundPage)) },
        ],
      },
      {
        ...withQueries,
        children: [
          {
            path: '/dashboard',
            ...dashboardLayout,
            children: [{ index: true, element: <Navigate to="/dashboard/home" replace /> }, ...pagesIn('dashboard')],
          },
        ],
      },
    ],
  },
];

/** The routes, rendered by the <BrowserRouter> in app.tsx. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useMemo(() => preloadMatches(pathname), [pathname]);
  return useRoutes(routes);
}

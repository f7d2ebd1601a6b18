import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from './global-loading.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** Around every route: a skip link for keyboard users, the loading bar while a page's code loads. */
export function AppShell() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingBar />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

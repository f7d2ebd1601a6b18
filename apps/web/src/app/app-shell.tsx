import { Outlet } from 'react-router';
import { GlobalLoading } from './global-loading.tsx';

/** Around every route: the loading bar and a skip link for keyboard users. */
export function AppShell() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <GlobalLoading />
      <Outlet />
    </>
  );
}

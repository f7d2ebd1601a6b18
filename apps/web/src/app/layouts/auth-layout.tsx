import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSession } from '../../lib/auth.ts';
import { nextPath } from '../../lib/next-path.ts';

/**
 * Sign-in pages: a signed-in user has nothing to do here and goes on: to the page that sent them to
 * log in (`next`), else the dashboard.
 */
export function AuthLayout() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session) return <Navigate to={nextPath(params)} replace />;
  return <Outlet />;
}

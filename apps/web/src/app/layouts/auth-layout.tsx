import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/auth.ts';

/** Sign-in pages: a signed-in user has nothing to do here and goes to the dashboard. */
export function AuthLayout() {
  const session = useSession();
  if (session) return <Navigate to="/dashboard/home" replace />;
  return <Outlet />;
}

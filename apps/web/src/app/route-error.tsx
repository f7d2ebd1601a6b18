import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AuthCard } from '../components/layout/auth-card.tsx';

/** Shown when a page fails to load or render: a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" style={{ padding: '48px 16px' }}>
      <AuthCard
        title={notFound ? 'Page not found' : 'Something went wrong'}
        subtitle={
          notFound
            ? 'The page you asked for does not exist.'
            : 'Please reload the page. If it keeps happening, contact support.'
        }
      >
        <Link to="/">Go to the start page</Link>
      </AuthCard>
    </main>
  );
}

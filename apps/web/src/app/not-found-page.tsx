import { Link } from 'react-router';
import { AuthCard } from '../components/layout/auth-card.tsx';

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found" subtitle="The page you asked for does not exist or has moved.">
      <Link to="/">Go to the start page</Link>
    </AuthCard>
  );
}

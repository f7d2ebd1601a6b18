import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import form from '../../components/layout/form.module.css';
import { Button } from '../../components/ui/button.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import styles from './onboarding.module.css';

export function AllSetUpPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <div className={styles.celebrate}>
      <AuthCard title="You're all set" subtitle={`Welcome to Helo, ${user?.first_name || 'User'}.`}>
        <p className={form.muted}>
          Your dashboard brings your budget, loans, savings and investments together. Start with whatever matters most
          to you today.
        </p>
        <Button onClick={() => navigate('/dashboard/home')} fullWidth>
          Go to my dashboard
        </Button>
      </AuthCard>
    </div>
  );
}

import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import styles from './all-set-up-page.module.css';

export function AllSetUpPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <div className={styles.celebrate}>
      <AuthCard title="You're all set" subtitle={`Welcome to Helo, ${user?.first_name || 'User'}.`}>
        <MutedText>
          Your dashboard brings your budget, loans, savings and investments together. Start with whatever matters most
          to you today.
        </MutedText>
        <Button onClick={() => navigate('/dashboard/home')} fullWidth>
          Go to my dashboard
        </Button>
      </AuthCard>
    </div>
  );
}

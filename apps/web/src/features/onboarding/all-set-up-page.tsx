import { AuthCard } from '../../components/layout/auth-card.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import styles from './all-set-up-page.module.css';
import { FirstSetup } from './first-setup.tsx';

/** The end of onboarding: a welcome, then the optional setup that leads to the area picked. */
export function AllSetUpPage() {
  const user = useCurrentUser();
  return (
    <div className={styles.celebrate}>
      <AuthCard title="You're all set" subtitle={`Welcome to Helo, ${user?.first_name || 'User'}.`}>
        <MutedText>
          Your dashboard brings your budget, loans, savings and investments together. Start with whatever matters most
          to you today.
        </MutedText>
        <FirstSetup />
      </AuthCard>
    </div>
  );
}

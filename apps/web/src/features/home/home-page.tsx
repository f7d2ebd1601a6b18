import { useCurrentUser } from '../../lib/current-user.ts';
import styles from './home-page.module.css';

/** The dashboard home; its cards per area arrive with the dashboard issue and each feature. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <h1 id="home-title">Welcome, {user?.first_name || 'User'}</h1>
      <p>
        This is your Helo dashboard. Your budget, loans, emergency fund, savings goals and investments will appear here
        as you set them up.
      </p>
      <p className={styles.note}>We are building these sections now; nothing here is a sample or made-up figure.</p>
    </section>
  );
}

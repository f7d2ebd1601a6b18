import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from '../../components/layout/public-footer.tsx';
import { PublicHeader } from '../../components/layout/public-header.tsx';
import { useSession } from '../../lib/auth.ts';
import { LoadingBar } from '../global-loading.tsx';
import styles from './public-layout.module.css';

/** Header, page and footer: the shared layout of every public route. */
export function PublicLayout() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PublicHeader
        signedIn={session !== null}
        unverifiedEmail={session?.user.email_verified === false ? session.user.email : null}
      />
      <main id="main" className={styles.main}>
        <Suspense fallback={<LoadingBar />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}

import { useMatches } from 'react-router';
import styles from './dashboard.module.css';

export interface PageHandle {
  title: string;
  about: string;
}

/** A dashboard page whose feature is not built yet says so plainly; it never shows made-up data. */
export function BeingBuiltPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PageHandle | undefined;
  return (
    <section className={styles.placeholder} aria-labelledby="page-title">
      <h1 id="page-title">{handle?.title ?? 'Coming soon'}</h1>
      <p>{handle?.about}</p>
      <p>We are building this part of Helo now. It will appear here as soon as it is ready.</p>
    </section>
  );
}

import styles from './dashboard.module.css';

/** A dashboard page whose feature is not built yet says so plainly; it never shows made-up data. */
export function BeingBuiltPage({ title, about }: { title: string; about: string }) {
  return (
    <section className={styles.placeholder} aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{about}</p>
      <p>We are building this part of Helo now. It will appear here as soon as it is ready.</p>
    </section>
  );
}

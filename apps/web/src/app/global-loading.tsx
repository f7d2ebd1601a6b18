import styles from './global-loading.module.css';

/** The thin bar at the top of the window while a page's code or its data loads. */
export function LoadingBar() {
  return <div className={styles.bar} role="progressbar" aria-label="Loading" />;
}

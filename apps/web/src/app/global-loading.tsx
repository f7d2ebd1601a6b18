import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import styles from './global-loading.module.css';

/** The app shell's loading indicator: a thin bar while a page or any request is loading. */
export function GlobalLoading() {
  const navigation = useNavigation();
  const busy = useIsFetching() + useIsMutating() > 0 || navigation.state !== 'idle';
  return busy ? <div className={styles.bar} role="progressbar" aria-label="Loading" /> : null;
}

import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import styles from './load-more.module.css';

/**
 * The end of the loaded list: scrolling it into view loads the next page, and the button does the
 * same for keyboard and screen-reader users, who do not scroll to load (as the notifications do).
 */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  // Observed afresh after each page: an observer reports on starting, so a list still too short to
  // push the end out of view goes on loading.
  useEffect(() => {
    const node = ref.current;
    if (loading || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load.current();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={ref} className={styles.more}>
      <Button variant="secondary" loading={loading} onClick={onLoad}>
        Load more
      </Button>
    </div>
  );
}

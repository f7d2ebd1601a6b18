import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import styles from './older-notifications.module.css';

/**
 * The end of the loaded list: scrolling it into view loads the next page, and the button does the
 * same for keyboard and screen-reader users, who do not scroll to load.
 */
export function OlderNotifications({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={styles.older}>
      {loading ? (
        <Spinner size="sm" label="Loading older notifications" />
      ) : (
        <Button variant="ghost" size="sm" onClick={onLoad}>
          Show older notifications
        </Button>
      )}
    </div>
  );
}

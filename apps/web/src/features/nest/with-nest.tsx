import type { Nest } from '@helo/contract/nest';
import { type ReactNode, useEffect, useRef } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ActivateCard } from './activate-card.tsx';
import { useNest } from './use-nest.ts';

/**
 * Loads the Nest, showing the wait or the failure; before activation the page (the Nest Account's or
 * My Wallet's, `title`) is what the feature does and its Activate button, after it `children`.
 */
export function WithNest({ title, children }: { title: string; children: (nest: Nest) => ReactNode }) {
  const nest = useNest();
  const active = nest.data?.active;
  // The Activate button that had the focus is gone once the feature shows: its heading takes it.
  const wasInactive = useRef(false);
  useEffect(() => {
    if (active === false) wasInactive.current = true;
    if (active !== true || !wasInactive.current) return;
    wasInactive.current = false;
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [active]);
  if (nest.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load your Money Nest. Please reload the page.
      </Notice>
    );
  }
  if (nest.data === undefined) return <Spinner label="Loading your Money Nest" />;
  return nest.data.active ? children(nest.data) : <ActivateCard title={title} />;
}

import type { Nest } from '@helo/contract/nest';
import type { ReactNode } from 'react';
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

import type { Nest } from '@helo/contract/nest';
import type { ReactNode } from 'react';
import { ActivationGate } from '../../components/layout/activation-gate.tsx';
import { ActivateCard } from './activate-card.tsx';
import { useNest } from './use-nest.ts';

/**
 * Loads the Nest, showing the wait or the failure; before activation the page (the Nest Account's or
 * My Wallet's, `title`) is what the feature does and its Activate button, after it `children`.
 */
export function WithNest({ title, children }: { title: string; children: (nest: Nest) => ReactNode }) {
  return (
    <ActivationGate query={useNest()} noun="your Money Nest" inactive={() => <ActivateCard title={title} />}>
      {children}
    </ActivationGate>
  );
}

import { type ReactNode, useEffect, useRef } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { Notice } from './notice.tsx';

/**
 * Loads a feature that is switched on by the user (the Money Nest, the Vault), showing the wait or
 * the failure (`noun` names it: "your Vault"); before activation `inactive` (its Activate card),
 * after it `children`.
 */
export function ActivationGate<T extends { active: boolean }>({
  query,
  noun,
  inactive,
  children,
}: {
  query: { data: T | undefined; isError: boolean };
  noun: string;
  inactive: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const active = query.data?.active;
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
  if (query.isError) {
    return (
      <Notice tone="error" role="alert">
        We could not load {noun}. Please reload the page.
      </Notice>
    );
  }
  if (query.data === undefined) return <Spinner label={`Loading ${noun}`} />;
  return query.data.active ? children(query.data) : inactive(query.data);
}

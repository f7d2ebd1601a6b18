import type { ReactNode } from 'react';
import { useId } from 'react';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import styles from './activate-card.module.css';
import { SetupCard, SetupHeading } from './setup-card.tsx';

/** What an Activate button needs of its mutation (the Nest's or the Vault's). */
export interface Activation {
  mutate: (variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * A feature before activation (its lock in the menu): the page's heading, what it is in one `lead`,
 * what it does in a few honest `children` points (list items), and one button that turns it on,
 * saying `activated` once it is on.
 */
export function ActivateCard({
  title,
  lead,
  activate,
  activated,
  children,
}: {
  title: string;
  lead: string;
  activate: Activation;
  activated: string;
  children: ReactNode;
}) {
  const id = useId();
  const onActivate = () =>
    activate.mutate(undefined, {
      onSuccess: () => toastSuccess(null, activated, TOAST_MS.medium),
      onError: (error) => toastError(error),
    });
  return (
    <SetupCard labelledBy={id}>
      <SetupHeading id={id} title={title} lead={lead} />
      <ul className={styles.points}>{children}</ul>
      <div>
        <Button onClick={onActivate} loading={activate.isPending}>
          Activate
        </Button>
      </div>
    </SetupCard>
  );
}

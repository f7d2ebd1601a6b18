import { useId } from 'react';
import { SetupCard, SetupHeading } from '../../components/layout/setup-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import styles from './activate-card.module.css';
import { useActivateNest } from './use-nest.ts';

/**
 * The Nest Account and My Wallet before activation (the locks in the menu): what they do, in a few
 * honest sentences, and one button that turns both on. The page then becomes the feature itself.
 */
export function ActivateCard({ title }: { title: string }) {
  const id = useId();
  const activate = useActivateNest();
  const onActivate = () =>
    activate.mutate(undefined, {
      onSuccess: () => toastSuccess(null, 'Your Nest Account and My Wallet are on', TOAST_MS.medium),
      onError: (error) => toastError(error),
    });
  return (
    <SetupCard labelledBy={id}>
      <SetupHeading
        id={id}
        title={title}
        lead="Your Nest Account and My Wallet are not switched on yet. They are switched on together."
      />
      <ul className={styles.points}>
        <li>You record your income by hand as it arrives: a paycheck, a side job, a refund.</li>
        <li>
          The Nest splits each amount into buckets by rules you set: loan payments, your emergency fund, your goals,
          your investment accounts, and the rest to My Wallet for spending.
        </li>
        <li>Each bucket keeps a history, and a deposit recorded by mistake can be reversed.</li>
        <li>No real money moves: Helo is not connected to your bank. The Nest is a plan you keep here.</li>
      </ul>
      <div>
        <Button onClick={onActivate} loading={activate.isPending}>
          Activate
        </Button>
      </div>
    </SetupCard>
  );
}

import { ActivateCard as FeatureActivateCard } from '../../components/layout/activate-card.tsx';
import { useActivateNest } from './use-nest.ts';

/**
 * The Nest Account and My Wallet before activation (the locks in the menu): what they do, in a few
 * honest sentences, and one button that turns both on. The page then becomes the feature itself.
 */
export function ActivateCard({ title }: { title: string }) {
  return (
    <FeatureActivateCard
      title={title}
      lead="Your Nest Account and My Wallet are not switched on yet. They are switched on together."
      activate={useActivateNest()}
      activated="Your Nest Account and My Wallet are on"
    >
      <li>You record your income by hand as it arrives: a paycheck, a side job, a refund.</li>
      <li>
        The Nest splits each amount into buckets by rules you set: loan payments, your emergency fund, your goals, your
        investment accounts, and the rest to My Wallet for spending.
      </li>
      <li>Each bucket keeps a history, and a deposit recorded by mistake can be reversed.</li>
      <li>No real money moves: Helo is not connected to your bank. The Nest is a plan you keep here.</li>
    </FeatureActivateCard>
  );
}

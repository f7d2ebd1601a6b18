import { Stepper } from '../../components/ui/stepper.tsx';

export const SETUP_STEPS = ['Provide information', 'Results'] as const;

/** The setup's stepper (spec: 'Provide information', 'Results'). */
export function SetupStepper({ current }: { current: 0 | 1 }) {
  return <Stepper steps={SETUP_STEPS} current={current} label="Setup steps" />;
}
